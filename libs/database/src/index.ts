export * from './service-data-source.js';
