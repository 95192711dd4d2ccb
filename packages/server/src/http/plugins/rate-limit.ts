import { once } from 'node:events';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, tooManyRequests } from '../../errors.js';
import { createDatabaseRateLimitStore } from './database-rate-limit-store.js';

export interface RateLimitBackend {
  /** Counters in Redis when set; else in the app's database. Either way shared by processes. */
  redisUrl: string | null;
  db: Kysely<Database>;
}

/**
 * Registered without a global limit; routes opt in with `authRateLimit(...)` in their config.
 * The counters live where every API process sees them, keyed by the client's address (the
 * proxy's forwarded one when TRUST_PROXY says to believe it).
 */
export async function registerRateLimit(app: FastifyInstance, backend: RateLimitBackend) {
  const store = backend.redisUrl
    ? { redis: await connectRedis(app, backend.redisUrl) }
    : { store: createDatabaseRateLimitStore(backend.db) };
  await app.register(rateLimit, {
    global: false,
    ...store,
    // A counter store that fails lets requests through (logged) rather than failing them all.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
}

/** How long start-up waits for Redis; without it limits are skipped until it answers. */
const REDIS_CONNECT_MS = 3000;

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    // Fail a command at once while disconnected instead of queueing it: the limit is skipped.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store (Redis)'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  let timer: NodeJS.Timeout | undefined;
  const isReady = await Promise.race([
    once(redis, 'ready').then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), REDIS_CONNECT_MS))),
  ]);
  clearTimeout(timer);
  if (!isReady)
    app.log.error(
      { url: redactedUrl(url) },
      'Redis not reachable: rate limits are off until it is',
    );
  return redis;
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Route config: AUTH_RATE_LIMIT requests per minute per client address on this route. */
export function authRateLimit(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a request made with an API key; 429 once the key is over its limit. */
    limitApiKey(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Every request made with one API key counts against one limit of `max` per minute, whichever
 * route and address it comes from: a runaway script slows down without hurting others.
 */
export function registerApiKeyRateLimit(app: FastifyInstance, max: number): void {
  const count = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.apiKey?.id ?? 'none'}`,
  });
  app.decorate('limitApiKey', async (request: FastifyRequest) => {
    const result = await count(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw tooManyRequests(
      'RATE_LIMITED',
      `This API key made more than ${max} requests in a minute. Please try again in ${seconds} seconds.`,
      seconds,
    );
  });
}
