import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.js';

describe('readConfig', () => {
  it('uses the documented defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'RepoBundle <no-reply@localhost>',
      role: 'all',
      betaGate: false,
      maintenanceMode: false,
      authRateLimit: 20,
      accessTokenTtlSeconds: 900,
      corsOrigins: [],
      google: { clientId: null, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads and converts variables', () => {
    const config = readConfig({
      PORT: '8080',
      APP_URL: 'https://bundle.example/',
      PAYMENTS_TEST_MODE: 'on',
      ROLE: 'worker',
      BETA_GATE: 'on',
      MAINTENANCE_MODE: 'true',
      AUTH_RATE_LIMIT: '5',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 'a-shared-secret-of-the-whole-cluster-0123',
      ADMIN_TOKEN: 'a-shared-admin-token-0123',
      PORT_UNKNOWN: 'ignored',
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://bundle.example',
      role: 'worker',
      betaGate: true,
      maintenanceMode: true,
      authRateLimit: 5,
      corsOrigins: ['https://a.example', 'https://b.example'],
      databaseUrl: 'postgres://u@h/db',
    });
  });

  it('keeps the result cache under DATA_DIR unless CACHE_DIR is set', () => {
    expect(readConfig({ DATA_DIR: '/srv/repobundle' }).cache).toEqual({
      dir: '/srv/repobundle/cache/results',
      maxBytes: 1024 * 1024 * 1024,
    });
    expect(readConfig({ CACHE_DIR: '/mnt/shared/cache', CACHE_MAX_MB: '50' }).cache).toEqual({
      dir: '/mnt/shared/cache',
      maxBytes: 50 * 1024 * 1024,
    });
    expect(() => readConfig({ CACHE_MAX_MB: 'lots' })).toThrow(/CACHE_MAX_MB: must be a number/);
    expect(() => readConfig({ CACHE_MAX_MB: '0' })).toThrow(/CACHE_MAX_MB: must be above 0/);
  });

  it('refuses a shared database without shared secrets', () => {
    // Generated per process, two processes on one database would reject each other's tokens.
    for (const env of [
      { DATABASE_URL: 'postgres://u@h/db' },
      { DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'j'.repeat(32) },
      { DATABASE_URL: 'postgres://u@h/db', ADMIN_TOKEN: 'a'.repeat(16) },
    ]) {
      expect(() => readConfig(env)).toThrow(ConfigError);
    }
    try {
      readConfig({ DATABASE_URL: 'postgres://u@h/db' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'JWT_SECRET and ADMIN_TOKEN must be set when DATABASE_URL is: every process sharing the database must use the same ones (generated per process, they would disagree)',
      ]);
    }
    expect(readConfig({}).jwtSecret).toBeNull();
  });

  it('reads the cluster settings: shutdown grace, pool size, health port', () => {
    expect(readConfig({})).toMatchObject({
      shutdownGraceSeconds: 30,
      databasePoolSize: 10,
      healthPort: null,
    });
    expect(
      readConfig({ SHUTDOWN_GRACE_SECONDS: '5', DATABASE_POOL_SIZE: '4', HEALTH_PORT: '9100' }),
    ).toMatchObject({ shutdownGraceSeconds: 5, databasePoolSize: 4, healthPort: 9100 });
    expect(() => readConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(
      /DATABASE_POOL_SIZE: must be at least 2/,
    );
  });

  it('prepares queries by name unless DATABASE_PREPARED_STATEMENTS is off', () => {
    expect(readConfig({}).databasePreparedStatements).toBe(true);
    expect(readConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(
      false,
    );
    expect(() => readConfig({ DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS/,
    );
  });

  it('bounds database statements and lock waits: 30 s and 10 s unless set, 0 for none', () => {
    expect(readConfig({})).toMatchObject({
      databaseStatementTimeoutSeconds: 30,
      databaseLockTimeoutSeconds: 10,
    });
    expect(
      readConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '0', DATABASE_LOCK_TIMEOUT_SECONDS: '2' }),
    ).toMatchObject({ databaseStatementTimeoutSeconds: 0, databaseLockTimeoutSeconds: 2 });
    expect(() => readConfig({ DATABASE_LOCK_TIMEOUT_SECONDS: '-1' })).toThrow(
      /DATABASE_LOCK_TIMEOUT_SECONDS: must be 0 or more/,
    );
    expect(() => readConfig({ DATABASE_STATEMENT_TIMEOUT_SECONDS: '1.5' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_SECONDS: must be a whole number/,
    );
  });

  it('lists every problem at once', () => {
    try {
      readConfig({
        PORT: 'abc',
        ROLE: 'boss',
        BETA_GATE: 'maybe',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toEqual(
        expect.arrayContaining([
          'PORT: must be a number',
          'ROLE: must be all, api or worker',
          'BETA_GATE: must be on or off',
          'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
          'JWT_SECRET: must be at least 32 characters',
        ]),
      );
      expect((error as Error).message).toContain('Invalid configuration');
    }
  });

  it('takes Stripe only with both secrets, and its API address for tests', () => {
    expect(readConfig({}).stripe).toEqual({
      secretKey: null,
      webhookSecret: null,
      apiUrl: 'https://api.stripe.com',
    });
    const stripe = readConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_URL: 'http://127.0.0.1:4242/',
    }).stripe;
    expect(stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      apiUrl: 'http://127.0.0.1:4242',
    });
    for (const half of [{ STRIPE_SECRET_KEY: 'sk_test_1' }, { STRIPE_WEBHOOK_SECRET: 'whsec_1' }]) {
      expect(() => readConfig(half)).toThrow(
        'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
      );
    }
    expect(() => readConfig({ STRIPE_API_URL: 'stripe.com' })).toThrow(
      'STRIPE_API_URL: must be a URL starting with http:// or https://',
    );
  });

  it('refuses local test-mode payments on a deployed APP_URL unless PAYMENTS_TEST_MODE=on', () => {
    expect(() => readConfig({ APP_URL: 'https://bundle.example' })).toThrow(
      /APP_URL is https:\/\/bundle\.example, which looks deployed, but no STRIPE_SECRET_KEY/,
    );
    expect(() => readConfig({ APP_URL: 'http://10.0.0.5:3000' })).toThrow(ConfigError);
    const allowed = readConfig({ APP_URL: 'https://bundle.example', PAYMENTS_TEST_MODE: 'on' });
    expect(allowed.paymentsTestMode).toBe(true);
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(readConfig({ APP_URL: 'https://bundle.example', ...stripe }).appUrl).toBe(
      'https://bundle.example',
    );
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(readConfig({ APP_URL: local }).paymentsTestMode).toBe(false);
    }
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses, and REDIS_URL', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => readConfig({ TRUST_PROXY: 'everyone' })).toThrow(
      'TRUST_PROXY: must be a hop count (such as 1) or a comma-separated list of proxy addresses',
    );
    expect(readConfig({}).redisUrl).toBeNull();
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => readConfig({ REDIS_URL: 'http://x' })).toThrow('REDIS_URL: must be a URL');
  });
});
