import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// The one place that reads the environment. Every variable is documented in
// packages/server/README.md.

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'], { error: 'must be on or off' })
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const positiveInt = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be above 0');

/** A whole number of seconds from 0 (which means none) up to `max`. */
const seconds = (max: number) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(max, `must be at most ${max} seconds`);

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: url(['http:', 'https:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  CACHE_DIR: z.string().min(1).optional(),
  CACHE_MAX_MB: positiveInt.max(1_048_576, 'must be at most 1048576 (1 TiB)').default(1024),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  STORAGE_URL: url(['s3:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('RepoBundle <no-reply@localhost>'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: positiveInt.max(86_400, 'must be at most 86400 seconds').default(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt.max(365, 'must be at most 365 days').default(30),
  ROLE: z.enum(['all', 'api', 'worker'], { error: 'must be all, api or worker' }).default('all'),
  WORKER_CONCURRENCY: positiveInt.optional(),
  JOB_STALE_SECONDS: positiveInt.max(86_400, 'must be at most 86400 seconds').default(60),
  SWEEP_INTERVAL_SECONDS: positiveInt.max(3600, 'must be at most 3600 seconds').default(30),
  SHUTDOWN_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600 seconds')
    .default(30),
  DATABASE_POOL_SIZE: positiveInt
    .min(2, 'must be at least 2')
    .max(1000, 'must be at most 1000')
    .default(10),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(3600).default(30),
  DATABASE_LOCK_TIMEOUT_SECONDS: seconds(3600).default(10),
  DATABASE_PREPARED_STATEMENTS: onOff.default(true),
  HEALTH_PORT: port.optional(),
  BETA_GATE: onOff.default(false),
  MAINTENANCE_MODE: onOff.default(false),
  AUTH_RATE_LIMIT: positiveInt.default(20),
  API_KEY_RATE_LIMIT: positiveInt.default(120),
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_OAUTH_URL: url(['http:', 'https:']).default('https://github.com/login/oauth'),
  GITHUB_API_URL: url(['http:', 'https:']).default('https://api.github.com'),
  GIT_CLONE_URL: z.string().min(1).default('https://github.com/{owner}/{repo}.git'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: url(['http:', 'https:']).default('https://www.googleapis.com/oauth2/v3/certs'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: url(['http:', 'https:']).default('https://api.stripe.com'),
  PAYMENTS_TEST_MODE: onOff.default(false),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      error: 'must be a hop count (such as 1) or a comma-separated list of proxy addresses',
    })
    .optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  CORS_ORIGINS: z.string().optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
});

/** Every variable the server reads (others in its environment are ignored). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export type Role = 'all' | 'api' | 'worker';

/** The server's resolved configuration. Secrets may still be missing until resolveSecrets. */
export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  /**
   * The engine's result cache, one folder shared by every worker process on the host (or a
   * shared volume): a second job on the same files skips their processing.
   */
  cache: { dir: string; maxBytes: number };
  databaseUrl: string | null;
  storageUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  role: Role;
  workerConcurrency: number;
  /** A processing job without a heartbeat for this long lost its worker (stuck-job policy). */
  jobStaleSeconds: number;
  sweepIntervalSeconds: number;
  /** On SIGTERM, running jobs get this long to finish before they are handed back. */
  shutdownGraceSeconds: number;
  /** Connections each process opens to PostgreSQL at most. */
  databasePoolSize: number;
  /** PostgreSQL cancels a statement running longer than this; 0: no limit. */
  databaseStatementTimeoutSeconds: number;
  /** PostgreSQL gives up a statement waiting longer than this for a lock; 0: no limit. */
  databaseLockTimeoutSeconds: number;
  /** Queries are prepared by name once per connection (off behind a pooler that cannot keep them). */
  databasePreparedStatements: boolean;
  /** ROLE=worker serves /healthz and /metrics on this port when set. */
  healthPort: number | null;
  betaGate: boolean;
  maintenanceMode: boolean;
  authRateLimit: number;
  /** Requests per minute one API key may make, over every route it reaches. */
  apiKeyRateLimit: number;
  adminToken: string | null;
  github: {
    clientId: string | null;
    clientSecret: string | null;
    oauthUrl: string;
    apiUrl: string;
  };
  gitCloneUrl: string;
  google: { clientId: string | null; jwksUrl: string };
  /** Both secrets or neither: Stripe mode cannot complete a payment without its webhook. */
  stripe: { secretKey: string | null; webhookSecret: string | null; apiUrl: string };
  /** Local test-mode payments allowed although APP_URL looks deployed (PAYMENTS_TEST_MODE=on). */
  paymentsTestMode: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Rate-limit counters go to Redis when set, else to the app's database. */
  redisUrl: string | null;
  corsOrigins: string[];
  webDistDir: string | null;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Whether an address is this machine only (localhost, 127.0.0.0/8, ::1): not a deployment. */
export function isLoopbackUrl(appUrl: string): boolean {
  const host = new URL(appUrl).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

/** Validates the environment once; throws a ConfigError listing every problem at once. */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  // An empty variable counts as unset, as in most deployment tools.
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.GITHUB_CLIENT_ID) !== Boolean(e.GITHUB_CLIENT_SECRET)) {
    problems.push('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  if (e.DATABASE_URL && (!e.JWT_SECRET || !e.ADMIN_TOKEN)) {
    problems.push(
      'JWT_SECRET and ADMIN_TOKEN must be set when DATABASE_URL is: every process sharing the database must use the same ones (generated per process, they would disagree)',
    );
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if (!e.STRIPE_SECRET_KEY && !isLoopbackUrl(appUrl) && !e.PAYMENTS_TEST_MODE) {
    problems.push(
      `APP_URL is ${appUrl}, which looks deployed, but no STRIPE_SECRET_KEY is set: payments would ` +
        'run in local test mode, where anyone who clicks Pay gets credits for free. Set the Stripe ' +
        'keys, or PAYMENTS_TEST_MODE=on if this really is a test installation',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir: resolve(e.DATA_DIR),
    cache: {
      dir: resolve(e.CACHE_DIR ?? join(e.DATA_DIR, 'cache', 'results')),
      maxBytes: e.CACHE_MAX_MB * 1024 * 1024,
    },
    databaseUrl: e.DATABASE_URL ?? null,
    storageUrl: e.STORAGE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? null,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    role: e.ROLE,
    // Each job already uses every core (the engine's worker threads): one at a time by default.
    workerConcurrency: e.WORKER_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
    jobStaleSeconds: e.JOB_STALE_SECONDS,
    sweepIntervalSeconds: e.SWEEP_INTERVAL_SECONDS,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutSeconds: e.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    databaseLockTimeoutSeconds: e.DATABASE_LOCK_TIMEOUT_SECONDS,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    healthPort: e.HEALTH_PORT ?? null,
    betaGate: e.BETA_GATE,
    maintenanceMode: e.MAINTENANCE_MODE,
    authRateLimit: e.AUTH_RATE_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    adminToken: e.ADMIN_TOKEN ?? null,
    github: {
      clientId: e.GITHUB_CLIENT_ID ?? null,
      clientSecret: e.GITHUB_CLIENT_SECRET ?? null,
      oauthUrl: e.GITHUB_OAUTH_URL,
      apiUrl: e.GITHUB_API_URL,
    },
    gitCloneUrl: e.GIT_CLONE_URL,
    google: { clientId: e.GOOGLE_CLIENT_ID ?? null, jwksUrl: e.GOOGLE_JWKS_URL },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY ?? null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      apiUrl: e.STRIPE_API_URL.replace(/\/+$/, ''),
    },
    paymentsTestMode: e.PAYMENTS_TEST_MODE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL ?? null,
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : null,
    logLevel: e.LOG_LEVEL,
  };
}
