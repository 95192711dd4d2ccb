// Public surface of the engine. The CLI and the server's worker use only what is exported here.
export * from './errors.js';
export * from './config/options.js';
export type * from './core/types.js';
