import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../../test/support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/support/test-database.js';

const WRONG = 'Wrong#Guess42x';

describe.each(databaseKinds())('sign-in throttling per account on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
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
      database.handle.db,
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
});
