export * from './request-context.js';
export * from './logger.js';
export * from './logger.module.js';
export * from './http-requests.js';
export * from './trace-context.js';
