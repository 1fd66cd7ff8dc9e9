export * from './client/service-client.js';
export * from './server/internal-auth.guard.js';
export * from './server/caller.decorator.js';
export * from './server/verified-caller.js';
export * from './server/service-app.js';
export * from './server/request-shape.js';
export * from './server/rpc-body.js';
export * from './server/json-body.js';
