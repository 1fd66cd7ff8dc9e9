export * from './metrics.js';
export * from './tracing.js';
export * from './http.js';
export * from './events.js';
export * from './server.js';
export * from './service.js';
export * from './process.js';
