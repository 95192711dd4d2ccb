import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

/** Registered without a global limit; routes opt in with `authRateLimit(...)` in their config. */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
}

/** Route config: AUTH_RATE_LIMIT requests per minute per client address on this route. */
export function authRateLimit(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}
