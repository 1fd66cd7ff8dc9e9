// The feed feature has no public API yet: its screen (the home page, /) is loaded by its route.
export {};
