export * from './all-in-one.js';
export * from './config.js';
export * from './embedded-postgres.js';
