export * from './test-database.js';
export * from './ports.js';
