// Restaurants have no public API yet: the restaurant screen is loaded by its route.
export {};
