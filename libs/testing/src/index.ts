export * from './test-database.js';
export * from './ports.js';
export * from './service-harness.js';
export * from './identity-harness.js';
export * from './fixtures.js';
export * from './broker.js';
export * from './test-service.js';
