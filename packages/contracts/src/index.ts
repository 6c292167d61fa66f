export * from './auth.js';
export * from './download.js';
export * from './plans.js';
export * from './errors.js';
