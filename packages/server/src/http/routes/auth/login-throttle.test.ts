import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import {
  createTestApp,
  lastMailTo,
  OTHER_STRONG_PASSWORD,
  signUp,
  STRONG_PASSWORD,
} from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

const WRONG = 'Wrong#Guess42x';

// Per-address counters in the app's database always; in Redis too when TEST_REDIS_URL names one.
const counterStores: [string, Record<string, string>][] = [
  ['the database', {}],
  ...(process.env.TEST_REDIS_URL
    ? [['Redis', { REDIS_URL: process.env.TEST_REDIS_URL }] as [string, Record<string, string>]]
    : []),
];

describeWithApp('sign-in throttling per account', (t) => {
  beforeEach(async () => {
    t.mail.length = 0;
  });

  /** A sign-in from its own client address, as a guess spread over many machines would be. */
  const loginFrom = (n: number, email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: `203.0.113.${n}`,
      payload: { email, password },
    });

  it('ten failures from ten addresses in 15 minutes stop further tries at that account', async () => {
    await signUp(t, 'target@example.com');
    await signUp(t, 'bystander@example.com');
    for (let n = 1; n <= 10; n++) {
      expect((await loginFrom(n, 'target@example.com', WRONG)).statusCode).toBe(401);
    }
    const blocked = await loginFrom(11, 'target@example.com', STRONG_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(
        /^Too many failed sign-ins for this account\. Please try again in \d+ minutes?, or reset your password\.$/,
      ),
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Other accounts are not affected.
    expect((await loginFrom(12, 'bystander@example.com', STRONG_PASSWORD)).statusCode).toBe(200);

    // Once the window has passed, the owner signs in, and that clears the count.
    await sql`update login_failures set window_started_at = now() - interval '16 minutes'`.execute(
      t.database.handle.db,
    );
    expect((await loginFrom(13, 'target@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom(14, 'target@example.com', WRONG)).statusCode).toBe(401);
  });

  it('an unknown address is throttled the same way, so the limit tells nothing', async () => {
    for (let n = 1; n <= 10; n++) {
      expect((await loginFrom(n, 'nobody@example.com', WRONG)).statusCode).toBe(401);
    }
    const blocked = await loginFrom(11, 'nobody@example.com', WRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it.each(counterStores)(
    'a password reset lifts the per-account and the per-address limit (counted in %s) at once',
    async (_store, env) => {
      // Few requests per address, so the owner's own address is limited too.
      const limited = await createTestApp(t.database, { env: { ...env, AUTH_RATE_LIMIT: '3' } });
      try {
        const owner = `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;
        const from = (remoteAddress: string, url: string, payload: Record<string, string>) =>
          limited.app.inject({ method: 'POST', url, remoteAddress, payload }).then(async (res) => {
            await limited.app.services.background.idle();
            return res;
          });
        await signUp(limited, 'target@example.com');
        // A guess spread over ten machines throttles the account...
        for (let n = 1; n <= 10; n++) {
          await from(`203.0.113.${n}`, '/auth/login', {
            email: 'target@example.com',
            password: WRONG,
          });
        }
        // ...and the owner's own tries use up the limit of their address.
        for (let n = 0; n < 3; n++) {
          await from(owner, '/auth/login', { email: 'target@example.com', password: WRONG });
        }
        const stuck = await from(owner, '/auth/login', {
          email: 'target@example.com',
          password: STRONG_PASSWORD,
        });
        expect(stuck.statusCode).toBe(429);

        await from(owner, '/auth/forgot-password', { email: 'target@example.com' });
        const link = new URL(
          /http\S+reset-password\S+/.exec(
            lastMailTo(limited.mail, 'target@example.com')?.text ?? '',
          )![0],
        );
        const reset = await from(owner, '/auth/reset-password', {
          email: 'target@example.com',
          reset_token: link.searchParams.get('token')!,
          new_password: OTHER_STRONG_PASSWORD,
        });
        expect(reset.statusCode, reset.body).toBe(200);

        const signedIn = await from(owner, '/auth/login', {
          email: 'target@example.com',
          password: OTHER_STRONG_PASSWORD,
        });
        expect(signedIn.statusCode, signedIn.body).toBe(200);
        // The guessers' addresses gain nothing: the account's count starts again from zero.
        const guess = await from('203.0.113.11', '/auth/login', {
          email: 'target@example.com',
          password: WRONG,
        });
        expect(guess.statusCode).toBe(401);
      } finally {
        await limited.app.close();
      }
    },
  );
});
