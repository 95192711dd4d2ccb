import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ResolvedConfig } from '../../config/server-secrets.js';

// Google Identity Services, needed only when the sign-in provider is configured.
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * The Content-Security-Policy the web app runs under: only our own scripts and styles (the Vite
 * build emits files, no inline code), no plugins, no framing, plus Google's sign-in script,
 * button styles and popup frame when GOOGLE_CLIENT_ID is set.
 */
export function contentSecurityPolicy(config: ResolvedConfig): Record<string, string[]> {
  const google = config.google.clientId ? [GOOGLE_GSI] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...google.map((g) => `${g}client`)],
    'style-src': ["'self'", ...google.map((g) => `${g}style`)],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...(google.length ? ['https://*.googleusercontent.com'] : []),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google],
    'frame-src': google.length ? google : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurity(app: FastifyInstance, config: ResolvedConfig) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Google's sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  // Closed unless CORS_ORIGINS lists origins: the web app is served from the same origin.
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
  });
}
