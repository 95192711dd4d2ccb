import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Mailer } from './adapters/mail/mailer.js';
import { createOutboxMailer } from './adapters/mail/outbox-mailer.js';
import { createSmtpMailer } from './adapters/mail/smtp-mailer.js';
import { createStorage, type ObjectStorage } from './adapters/storage/create-storage.js';
import { isLoopbackUrl } from './config/config.js';
import type { ResolvedConfig } from './config/server-secrets.js';
import type { DatabaseHandle } from './db/open-database.js';
import { createRepositories } from './db/repositories/index.js';
import { answerRouterError, useErrorHandler } from './http/plugins/error-handler.js';
import { useDrain } from './http/plugins/drain.js';
import { useMaintenanceMode } from './http/plugins/maintenance.js';
import { useCloseAfterUnreadBody } from './http/plugins/unread-body.js';
import {
  registerApiKeyRateLimit,
  registerRateLimit,
  type RateLimitCounters,
} from './http/plugins/rate-limit.js';
import { registerSecurity } from './http/plugins/security.js';
import { useZodValidation } from './http/plugins/validation.js';
import { DEFAULT_WEB_DIST, isPageRequest, registerWebApp } from './http/plugins/web-app.js';
import { accountRoutes } from './http/routes/auth/account.routes.js';
import { apiKeysRoutes } from './http/routes/api-keys/api-keys.routes.js';
import { adminRoutes } from './http/routes/admin/admin.routes.js';
import { authRoutes } from './http/routes/auth/auth.routes.js';
import { gitignoreRoutes } from './http/routes/gitignore/gitignore.routes.js';
import { githubAuthRoutes } from './http/routes/github/github-auth.routes.js';
import { repositoriesRoutes } from './http/routes/github/repositories.routes.js';
import { docsRoutes } from './http/routes/docs/docs.routes.js';
import { healthRoutes } from './http/routes/health/health.routes.js';
import { archiveJobsRoutes } from './http/routes/jobs/archive-jobs.routes.js';
import { modelsRoutes } from './http/routes/models/models.routes.js';
import { jobsRoutes } from './http/routes/jobs/jobs.routes.js';
import { uploadRoutes } from './http/routes/jobs/uploads.routes.js';
import { checkoutRoutes } from './http/routes/payments/checkout.routes.js';
import { paymentsRoutes } from './http/routes/payments/payments.routes.js';
import { transactionsRoutes } from './http/routes/payments/transactions.routes.js';
import { webhookRoutes } from './http/routes/payments/webhook.routes.js';
import type { JobQueue } from './queue/job-queue.js';
import { createLazyJobQueue } from './queue/lazy-job-queue.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { metricsRoutes } from './http/routes/metrics/metrics.routes.js';
import { mcpRoutes } from './http/routes/mcp/mcp.routes.js';
import { waitlistRoutes } from './http/routes/waitlist/waitlist.routes.js';
import { createAccessTokens } from './services/access-tokens.js';
import { createEngineThreads } from './services/engine-threads.js';
import { createBackgroundTasks } from './services/background-tasks.js';
import type { ServiceContext } from './services/context.js';
import { createGoogleVerifier, type GoogleVerifier } from './services/google-verifier.js';
import { createPasswordHasher, type PasswordHashCost } from './services/password-hasher.js';

export type { ResolvedConfig } from './config/server-secrets.js';
export type { DatabaseHandle } from './db/open-database.js';
// For tests that run the whole server in-process (e2e): startServer(readConfig({...})).
export { readConfig, type Config } from './config/config.js';
export { startServer, type RunningServer } from './start-server.js';

export interface AppOptions {
  config: ResolvedConfig;
  database: DatabaseHandle;
  /** Defaults to SMTP when config.smtpUrl is set, else the database outbox. */
  mailer?: Mailer;
  /** Defaults to STORAGE_URL's bucket, else DATA_DIR/storage. */
  storage?: ObjectStorage;
  /** Defaults to the pg-boss queue on `database`, started on first use and stopped with the app. */
  queue?: JobQueue;
  /** Defaults to Google's JWKS when config.google.clientId is set. */
  google?: GoogleVerifier | null;
  /** Where logs go (default stdout); tests pass a stream to inspect them. */
  logStream?: DestinationStream;
  now?: () => Date;
  /** Argon2id cost; tests lower it, production keeps the defaults. */
  passwordHashCost?: PasswordHashCost;
  /** Told of every route as it is registered (the OpenAPI test compares them to the document). */
  onRoute?: (method: string, url: string) => void;
  /** Server-side time limits of a request; tests shorten them. */
  timeouts?: RequestTimeouts;
}

export interface RequestTimeouts {
  /** Any request, from arrival to answer. */
  requestMs: number;
  /** A chunk or a streamed archive, which a slow client may take long to send. */
  uploadMs: number;
}

/**
 * No request stays unanswered: past its limit it gets 503 REQUEST_TIMEOUT (and, its body unread,
 * its connection is closed). Generous, since they only catch what is stuck.
 */
export const REQUEST_TIMEOUTS: RequestTimeouts = { requestMs: 120_000, uploadMs: 30 * 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /** What the routes use; the worker of ROLE=all runs on the same context. */
    services: ServiceContext;
    /** This process's Prometheus metrics (GET /metrics; the worker records its jobs here). */
    metrics: Metrics;
    /** The per-address counters of rate-limited routes. */
    rateLimits: RateLimitCounters;
  }
}

/** Believes X-Forwarded-For for the nearest `hops` proxies (TRUST_PROXY as a hop count). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Keeps query strings (reset tokens in page links) out of request logs. */
function pathOnly(url: string | undefined): string {
  return (url ?? '').split('?')[0] ?? '';
}

/**
 * Builds the HTTP app without listening (tests use inject()). The database stays the caller's
 * to close; the mailer is closed with the app.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url?: string; ip?: string; id: string }) => ({
          method: req.method,
          url: pathOnly(req.url),
          ip: req.ip,
        }),
      },
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    handlerTimeout: (options.timeouts ?? REQUEST_TIMEOUTS).requestMs,
    // Which proxies may name the client (X-Forwarded-For): rate limits and logs see the real one.
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error, _request, reply) => answerRouterError(error, reply),
  });

  const repos = createRepositories(database.db);
  const mailer =
    options.mailer ??
    (config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(repos.outbox, app.log));
  const google =
    options.google !== undefined
      ? options.google
      : config.google.clientId
        ? createGoogleVerifier(config.google.clientId, config.google.jwksUrl)
        : null;
  const queue =
    options.queue ??
    createLazyJobQueue(database.db, {
      onError: (error) => app.log.error({ err: error }, 'job queue error'),
    });
  const ctx: ServiceContext = {
    config,
    db: database.db,
    repos,
    mailer,
    storage: options.storage ?? createStorage(config),
    queue,
    accessTokens: createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    google,
    passwords: createPasswordHasher(options.passwordHashCost),
    logger: app.log,
    background: createBackgroundTasks(app.log),
    engineThreads: createEngineThreads(),
    now: options.now ?? (() => new Date()),
  };

  if (!config.stripe.secretKey && !isLoopbackUrl(config.appUrl)) {
    // Only reachable with PAYMENTS_TEST_MODE=on (readConfig refuses otherwise): say it loudly.
    app.log.warn(
      { appUrl: config.appUrl },
      'PAYMENTS_TEST_MODE=on: payments run in LOCAL TEST MODE on a deployed address; anyone who clicks Pay gets credits without paying',
    );
  }

  const { onRoute } = options;
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) onRoute(method, route.url);
    });
  }
  app.decorateRequest('currentUser', null);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('sessionClaims', null);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await ctx.background.idle();
    await mailer.close();
    if (!options.queue) await queue.stop();
    await ctx.engineThreads.close();
  });
  app.decorate('services', ctx);
  const metrics = createMetrics(database.db);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  useZodValidation(app);
  useErrorHandler(app);
  await registerSecurity(app, config);
  app.decorate(
    'rateLimits',
    await registerRateLimit(app, { redisUrl: config.redisUrl, db: database.db }),
  );
  registerApiKeyRateLimit(app, config.apiKeyRateLimit);
  // After the rate limiter: on close, in-flight requests finish before its store shuts.
  useDrain(app, config.shutdownGraceSeconds * 1000);
  useCloseAfterUnreadBody(app);
  useMaintenanceMode(app, config.maintenanceMode);

  const routeOptions = { ctx };
  await app.register(healthRoutes, routeOptions);
  await app.register(modelsRoutes);
  await app.register(metricsRoutes, { metrics });
  await app.register(authRoutes, routeOptions);
  await app.register(accountRoutes, routeOptions);
  await app.register(apiKeysRoutes, routeOptions);
  await app.register(waitlistRoutes, routeOptions);
  await app.register(adminRoutes, routeOptions);
  await app.register(uploadRoutes, {
    ...routeOptions,
    uploadTimeoutMs: (options.timeouts ?? REQUEST_TIMEOUTS).uploadMs,
  });
  await app.register(jobsRoutes, routeOptions);
  await app.register(archiveJobsRoutes, routeOptions);
  await app.register(transactionsRoutes, routeOptions);
  await app.register(paymentsRoutes, routeOptions);
  await app.register(checkoutRoutes, routeOptions);
  await app.register(webhookRoutes, routeOptions);
  await app.register(gitignoreRoutes, routeOptions);
  await app.register(githubAuthRoutes, routeOptions);
  await app.register(repositoriesRoutes, routeOptions);
  await app.register(docsRoutes);
  await app.register(mcpRoutes, routeOptions);

  const webDir = config.webDistDir ?? DEFAULT_WEB_DIST;
  const isServingWeb = await registerWebApp(app, webDir);
  app.setNotFoundHandler((request, reply) => {
    if (isServingWeb && isPageRequest(request.method, request.url, request.headers.accept)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Not found.', code: 'NOT_FOUND' });
  });
  return app;
}
