import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../test/test-support/test-database.js';
import { loadMigrations, migrate } from './migrate.js';
import { openDatabase } from './open-database.js';
import { InsufficientCreditsError } from './repositories/credits.repository.js';
import { createRepositories, inTransaction } from './repositories/index.js';

describe.each(databaseKinds())('data layer on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.destroy());
  beforeEach(() => database.reset());

  async function newUser(email: string) {
    return inTransaction(database.handle.db, async (repos) => {
      const user = await repos.users.insert({
        email,
        passwordHash: 'x',
        googleSub: null,
        isVerified: true,
        monthlyCreditsResetDate: new Date(),
      });
      await repos.credits.createBalances(user.id);
      return user;
    });
  }

  it('has applied every migration once; running again does nothing', async () => {
    const rows = await sql<{
      name: string;
    }>`select name from schema_migrations order by name`.execute(database.handle.db);
    expect(rows.rows.map((r) => r.name)).toEqual(loadMigrations().map((m) => m.name));
    expect(await migrate(database.handle.db)).toEqual([]);
  });

  it('seeds the four plans', async () => {
    const repos = createRepositories(database.handle.db);
    expect(await repos.plans.findById('starter')).toMatchObject({
      priceMonthlyCents: 999,
      priceYearlyCents: 9900,
      creditsPerMonth: 1000,
      creditsPerMonthYearly: 1200,
      maxLinesPerJob: 750_000,
      uploadLimitMb: 50,
      allowedOutputFormats: ['md', 'txt', 'json', 'xml'],
    });
    expect(await repos.plans.findById('enterprise')).toMatchObject({
      priceMonthlyCents: null,
      creditsPerMonth: 50_000,
      maxLinesPerJob: 10_000_000,
    });
  });

  it('keeps balances equal to the ledger, refuses to go below zero', async () => {
    const user = await newUser('ledger@example.com');
    const change = (amount: number) =>
      inTransaction(database.handle.db, (repos) =>
        repos.credits.applyChange({
          userId: user.id,
          creditType: 'purchased',
          type: amount > 0 ? 'purchase' : 'usage',
          amount,
          description: 'test',
        }),
      );
    await Promise.all([change(300), change(200), change(-100)]);
    await expect(change(-401)).rejects.toBeInstanceOf(InsufficientCreditsError);
    const repos = createRepositories(database.handle.db);
    expect((await repos.credits.balances(user.id)).purchased).toBe(400);
    expect(await repos.credits.ledgerSum(user.id, 'purchased')).toBe(400);
    const ledger = await repos.credits.transactions(user.id);
    expect(ledger).toHaveLength(3);
  });

  it('spends concurrent withdrawals at most once (row lock)', async () => {
    const user = await newUser('race@example.com');
    await inTransaction(database.handle.db, (repos) =>
      repos.credits.applyChange({
        userId: user.id,
        creditType: 'monthly',
        type: 'monthly_reset',
        amount: 10,
        description: 'test',
      }),
    );
    const spend = () =>
      inTransaction(database.handle.db, (repos) =>
        repos.credits.applyChange({
          userId: user.id,
          creditType: 'monthly',
          type: 'usage',
          amount: -7,
          description: 'test',
        }),
      );
    const results = await Promise.allSettled([spend(), spend(), spend()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const repos = createRepositories(database.handle.db);
    expect((await repos.credits.balances(user.id)).monthly).toBe(3);
    expect(await repos.credits.ledgerSum(user.id, 'monthly')).toBe(3);
  });

  it('stores e-mails lower-case only and once', async () => {
    await newUser('once@example.com');
    await expect(newUser('once@example.com')).rejects.toMatchObject({ code: '23505' });
    await expect(newUser('Upper@example.com')).rejects.toMatchObject({ code: '23514' });
  });

  if (kind === 'postgres') {
    it('lets two processes migrate a fresh database at the same time', async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `rb_migrate_${process.pid}_${Date.now()}`;
      const admin = await openDatabase({
        kind: 'postgres',
        url: url.toString(),
        maxConnections: 1,
      });
      await sql.raw(`create database ${name}`).execute(admin.db);
      url.pathname = `/${name}`;
      const a = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
      const b = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
      try {
        const [first, second] = await Promise.all([migrate(a.db), migrate(b.db)]);
        expect([...first, ...second].sort()).toEqual(loadMigrations().map((m) => m.name));
      } finally {
        await a.close();
        await b.close();
        await sql.raw(`drop database ${name} with (force)`).execute(admin.db);
        await admin.close();
      }
    });
  }
});
