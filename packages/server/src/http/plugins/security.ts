import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ResolvedConfig } from '../../config/server-secrets.js';

// Google Identity Services, needed only when the sign-in provider is configured.
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * The Content-Security-Policy the web app runs under: only our own scripts and styles (the Vite
 * build emits files, no inline code) and WebAssembly, no plugins, no framing, plus Google's sign-in script,
 * button styles and popup frame when GOOGLE_CLIENT_ID is set.
 */
export function contentSecurityPolicy(config: ResolvedConfig): Record<string, string[]> {
  const google = config.google.clientId ? [GOOGLE_GSI] : [];
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets the token counter compile its WebAssembly module, and nothing else:
    // eval and inline scripts stay forbidden.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...google.map((g) => `${g}client`)],
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

/**
 * The headers helmet sets for these options, worked out once: they depend on the options
 * alone, and running helmet's middleware on every request (parsing the policy each time) was a
 * measurable share of a request's CPU.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: ResolvedConfig) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Google's sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });
  // Closed unless CORS_ORIGINS lists origins: the web app is served from the same origin.
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type'],
    maxAge: 600,
  });
}
