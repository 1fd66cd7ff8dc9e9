export * from './service-data-source.js';
export * from './sql.js';
export * from './prepared.js';
