// The profile feature has no public API yet: its screen is loaded by its route.
export {};
