import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../test/test-support/test-database.js';

/** A client address no earlier run used, since Redis keeps its counters between runs. */
const freshAddress = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;

const forgot = (
  t: TestApp,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    payload: { email: 'someone@example.com' },
    ...options,
  });

// Counters in the app's database always; in Redis too when TEST_REDIS_URL names one.
const backends: [string, Record<string, string>][] = [
  ['the database', {}],
  ...(process.env.TEST_REDIS_URL
    ? [['Redis', { REDIS_URL: process.env.TEST_REDIS_URL }] as [string, Record<string, string>]]
    : []),
];

describe.each(databaseKinds())('rate limits on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
  });

  describe.each(backends)('counted in %s', (_name, env) => {
    let first: TestApp;
    let second: TestApp;

    beforeAll(async () => {
      // Two API processes behind one balancer: two apps on one database.
      first = await createTestApp(database, { env: { ...env, AUTH_RATE_LIMIT: '3' } });
      second = await createTestApp(database, { env: { ...env, AUTH_RATE_LIMIT: '3' } });
    });
    afterAll(async () => {
      await first.app.close();
      await second.app.close();
    });

    it('are shared by every API process', async () => {
      const remoteAddress = freshAddress();
      expect((await forgot(first, { remoteAddress })).statusCode).toBe(200);
      expect((await forgot(second, { remoteAddress })).statusCode).toBe(200);
      expect((await forgot(first, { remoteAddress })).statusCode).toBe(200);
      const limited = await forgot(second, { remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        detail: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await forgot(first, { remoteAddress: freshAddress() })).statusCode).toBe(200);
    });
  });

  describe('behind a proxy', () => {
    it('without TRUST_PROXY, X-Forwarded-For is ignored: one limit for the connecting address', async () => {
      const t = await createTestApp(database, { env: { AUTH_RATE_LIMIT: '2' } });
      try {
        const remoteAddress = freshAddress();
        const statuses = [];
        for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
          const res = await forgot(t, { remoteAddress, headers: { 'x-forwarded-for': client } });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([200, 200, 429]);
      } finally {
        await t.app.close();
      }
    });

    it('with TRUST_PROXY=1, limits and logs see the client the proxy names', async () => {
      const t = await createTestApp(database, {
        env: { AUTH_RATE_LIMIT: '2', TRUST_PROXY: '1' },
      });
      try {
        const proxy = freshAddress();
        const client = freshAddress();
        const statuses = [];
        for (const forwarded of [client, client, client, freshAddress()]) {
          const res = await forgot(t, {
            remoteAddress: proxy,
            headers: { 'x-forwarded-for': forwarded },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([200, 200, 429, 200]);
        expect(t.logs.some((line) => line.includes(`"ip":"${client}"`))).toBe(true);
        expect(t.logs.some((line) => line.includes(`"ip":"${proxy}"`))).toBe(false);
      } finally {
        await t.app.close();
      }
    });
  });
});
