import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, signUp } from '../../test/test-support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-support/test-database.js';
import { migrate, MIGRATION_LOCK_KEY } from './migrate.js';
import { openDatabase, type DatabaseHandle } from './open-database.js';

/** What a promise came to within `ms`: its value, its error, or 'still waiting'. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | Error | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still waiting'>((resolve) => {
    timer = setTimeout(() => resolve('still waiting'), ms);
  });
  try {
    return await Promise.race([work.catch((error: unknown) => error as Error), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A second session that holds an exclusive lock on a table until it is released. */
async function holdTableLock(url: string, table: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${table} in access exclusive mode`);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

// Time limits are PostgreSQL's (the embedded database runs one process's statements one at a
// time and has no timer to cancel them): CI runs this against the machine's server.
describe.runIf(process.env.TEST_DATABASE_URL)('query time limits on PostgreSQL', () => {
  let database: TestDatabase;
  let limited: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    limited = await openDatabase({
      kind: 'postgres',
      url: database.url!,
      // A lock wait counts toward the statement's time too: the lock limit is the shorter.
      statementTimeoutMs: 2_000,
      lockTimeoutMs: 500,
    });
  });
  afterAll(async () => {
    await limited?.close();
    await database?.destroy();
  });

  it('cancels a statement that runs past the statement timeout, with an error that says so', async () => {
    const started = Date.now();
    const outcome = await within(10_000, sql`select pg_sleep(30)`.execute(limited.db));
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).toMatchObject({
      code: '57014',
      message: expect.stringMatching(/statement timeout/),
    });
    expect(Date.now() - started).toBeLessThan(6_000);
    // The connection is usable again at once.
    expect((await sql<{ one: number }>`select 1 as one`.execute(limited.db)).rows).toEqual([
      { one: 1 },
    ]);
  });

  it('stops waiting for a lock after the lock timeout', async () => {
    const lock = await holdTableLock(database.url!, 'plans');
    try {
      const started = Date.now();
      const outcome = await within(10_000, sql`select count(*) from plans`.execute(limited.db));
      expect(outcome).toMatchObject({
        code: '55P03',
        message: expect.stringMatching(/lock timeout/),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await lock.release();
    }
  });

  it('does not limit migrations: a process starting beside one that migrates waits for it', async () => {
    // The lock a migrating process holds for as long as its migrations take.
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const migrating = within(10_000, migrate(limited.db));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await other.query('commit');
    await other.end();
    expect(await migrating).toEqual([]);
  });

  it('answers a request stuck behind a lock with 503 and a detail, not a hang or a 500', async () => {
    const t = await createTestApp({ ...database, handle: limited });
    try {
      const { access_token: token } = await signUp(t, 'stuck@example.com');
      const lock = await holdTableLock(database.url!, 'users');
      try {
        const answer = await within(10_000, get(t.app, '/auth/me', token));
        expect(answer).not.toBe('still waiting');
        expect(answer).not.toBeInstanceOf(Error);
        const res = answer as Awaited<ReturnType<typeof get>>;
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          detail:
            'The database took too long to answer, so the request was stopped. Please try again.',
          code: 'REQUEST_TIMEOUT',
        });
      } finally {
        await lock.release();
      }
      expect(t.logs.join('')).not.toMatch(/"level":50/);
      // The app answers normally once the lock is gone.
      expect((await get(t.app, '/auth/me', token)).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
