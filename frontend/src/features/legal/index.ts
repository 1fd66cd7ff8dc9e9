// Legal pages have no public API: they are loaded by their routes.
export {};
