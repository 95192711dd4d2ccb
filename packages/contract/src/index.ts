// Request and response shapes shared by the server and the web app.
export * from './errors.js';
export * from './fields.js';
export * from './password-rules.js';
export * from './auth.js';
export * from './user.js';
export * from './public.js';
export * from './admin.js';
export * from './jobs.js';
export * from './transactions.js';
export * from './payments.js';
export * from './gitignore.js';
export * from './github.js';
export * from './repository-url.js';
export * from './api-keys.js';
export * from './models.js';
