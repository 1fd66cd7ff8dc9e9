export * from './service-definition.js';
export * from './define-service.js';
export * from './service-module.js';
export * from './start-service.js';
export * from './run-main.js';
export * from './health.controller.js';
export * from './rpc.js';
export * from './service-events.js';
