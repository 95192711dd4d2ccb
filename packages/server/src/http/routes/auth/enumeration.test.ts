import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  post,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

const ROUNDS = 21;
const WRONG = 'Wrong#Guess42x';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Times two kinds of request in alternation, so that load on the machine hits both alike, and
 * returns their median durations in milliseconds, the median of the per-round differences
 * (robust to a burst of load in one round), and every distinct answer.
 */
async function timeBoth(
  known: (round: number) => Promise<{ statusCode: number; body: string }>,
  unknown: (round: number) => Promise<{ statusCode: number; body: string }>,
  between: () => Promise<void>,
) {
  const times = { known: [] as number[], unknown: [] as number[] };
  const answers = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const pair = [
      ['known', known],
      ['unknown', unknown],
    ] as const;
    // Each goes first in every other round: whatever the first call of a pair pays, both pay.
    for (const [kind, call] of round % 2 === 0 ? pair : [...pair].reverse()) {
      await between();
      const started = performance.now();
      const res = await call(round);
      times[kind].push(performance.now() - started);
      answers.add(`${res.statusCode} ${res.body}`);
    }
  }
  return {
    known: median(times.known),
    unknown: median(times.unknown),
    difference: median(times.known.map((time, round) => time - times.unknown[round]!)),
    answers: [...answers],
  };
}

/** The typical gap is within 25% of the slower kind, or 8 ms, whichever is more. */
function expectAlike(timing: { known: number; unknown: number; difference: number }) {
  const tolerance = Math.max(8, 0.25 * Math.max(timing.known, timing.unknown));
  expect(Math.abs(timing.difference), JSON.stringify(timing)).toBeLessThanOrEqual(tolerance);
}

describe.each(databaseKinds())(
  'an existing account cannot be told from an unknown address on %s',
  (kind) => {
    let database: TestDatabase;
    let t: TestApp;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      // Argon2id at production cost: the point is the time a real verification takes.
      t = await createTestApp(database, { passwordHashCost: {} });
      await signUp(t, 'known@example.com');
      await post(t.app, '/auth/register', {
        email: 'pending@example.com',
        password: STRONG_PASSWORD,
      });
    }, 60_000);
    afterAll(async () => {
      await t.app.close();
      await database.destroy();
    });

    /** The request alone: work it left for after the answer is awaited outside the timing. */
    const send = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, payload });
    const between = async () => {
      await t.app.services.background.idle();
      await sql`delete from login_failures`.execute(database.handle.db);
    };

    it('by sign-in: same answer, same time', async () => {
      const timing = await timeBoth(
        () => send('/auth/login', { email: 'known@example.com', password: WRONG }),
        (round) => send('/auth/login', { email: `nobody${round}@example.com`, password: WRONG }),
        between,
      );
      expect(timing.answers).toEqual([
        '401 {"detail":"Incorrect email or password.","code":"INVALID_CREDENTIALS"}',
      ]);
      expectAlike(timing);
    }, 60_000);

    it('by forgot-password: same answer, same time', async () => {
      const timing = await timeBoth(
        () => send('/auth/forgot-password', { email: 'known@example.com' }),
        (round) => send('/auth/forgot-password', { email: `nobody${round}@example.com` }),
        between,
      );
      expect(timing.answers).toEqual([
        '200 {"message":"If an account exists for this email, a password reset link has been sent."}',
      ]);
      expectAlike(timing);
    }, 60_000);

    it('by resend-verification: same answer, even within the minute', async () => {
      const timing = await timeBoth(
        () => send('/auth/resend-verification', { email: 'pending@example.com' }),
        (round) => send('/auth/resend-verification', { email: `nobody${round}@example.com` }),
        between,
      );
      expect(timing.answers).toEqual([
        '200 {"message":"If an unverified account exists for this email, a new verification code has been sent."}',
      ]);
      expectAlike(timing);
    }, 60_000);
  },
);
