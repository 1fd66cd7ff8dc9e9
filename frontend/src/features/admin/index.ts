// The admin feature has no public API: its screen is loaded by its route (/admin).
export {};
