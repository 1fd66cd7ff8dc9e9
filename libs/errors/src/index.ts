export * from './domain-error.js';
export * from './error-body.js';
export * from './all-exceptions.filter.js';
export * from './access.js';
