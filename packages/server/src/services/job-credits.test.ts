import { randomUUID } from 'node:crypto';
import type { CreditType, JobCreditType } from '@repobundle/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRepositories, inTransaction, type Repositories } from '../db/repositories/index.js';
import { AppError } from '../errors.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../test/test-support/test-database.js';
import {
  planReservation,
  refundReservation,
  reserveCredits,
  settleCredits,
  type Reservation,
} from './job-credits.js';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('planReservation', () => {
  it('takes one kind when the request names it', () => {
    const balances = { monthly: 50, purchased: 80 };
    expect(planReservation(30, balances, 'monthly', 'purchased')).toEqual({
      monthly: 30,
      purchased: 0,
    });
    expect(planReservation(80, balances, 'purchased', 'monthly')).toEqual({
      monthly: 0,
      purchased: 80,
    });
  });

  it('splits a hybrid reservation: the preferred kind first, the other for the rest', () => {
    const balances = { monthly: 50, purchased: 80 };
    expect(planReservation(70, balances, 'hybrid', 'monthly')).toEqual({
      monthly: 50,
      purchased: 20,
    });
    expect(planReservation(70, balances, 'hybrid', 'purchased')).toEqual({
      monthly: 0,
      purchased: 70,
    });
  });

  it('refuses with 402 and the figures a person needs', () => {
    const one = refusal(() =>
      planReservation(60, { monthly: 50, purchased: 80 }, 'monthly', 'monthly'),
    );
    expect(one.status).toBe(402);
    expect(one.code).toBe('INSUFFICIENT_CREDITS');
    expect(one.message).toBe(
      'This job requires 60 credits, but you only have 50 monthly credits available.',
    );
    const both = refusal(() =>
      planReservation(131, { monthly: 50, purchased: 80 }, 'hybrid', 'monthly'),
    );
    expect(both.message).toBe(
      'This job requires 131 credits, but you only have 130 monthly and purchased credits available.',
    );
  });
});

/**
 * The credit rules on a real database, below the HTTP layer: whatever jobs reserve, settle and
 * refund, in any order, each balance equals the sum of its ledger, nothing goes below zero, the
 * credits held equal the open reservations, and a job is charged at most what it held.
 */
describe.each(databaseKinds())('job credits on %s', (kind) => {
  let database: TestDatabase;
  let repos: Repositories;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database.handle.db);
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
  });

  async function userWith(monthly: number, purchased: number): Promise<string> {
    const user = await repos.users.insert({
      email: `${randomUUID()}@example.com`,
      passwordHash: null,
      googleSub: randomUUID(),
      isVerified: true,
      monthlyCreditsResetDate: new Date(),
    });
    await inTransaction(database.handle.db, async (r) => {
      await r.credits.createBalances(user.id);
      for (const [creditType, amount] of [
        ['monthly', monthly],
        ['purchased', purchased],
      ] as const) {
        if (amount === 0) continue;
        await r.credits.applyChange({
          userId: user.id,
          creditType,
          type: 'purchase',
          amount,
          description: 'Starting credits',
        });
      }
    });
    return user.id;
  }

  async function expectLedgerInvariants(userId: string, open: Iterable<Reservation>) {
    const balances = await repos.credits.balances(userId);
    expect(balances.monthly).toBeGreaterThanOrEqual(0);
    expect(balances.purchased).toBeGreaterThanOrEqual(0);
    expect(await repos.credits.ledgerSum(userId, 'monthly')).toBe(balances.monthly);
    expect(await repos.credits.ledgerSum(userId, 'purchased')).toBe(balances.purchased);
    let held = 0;
    for (const reservation of open) held += reservation.monthly + reservation.purchased;
    expect(balances.reserved).toBe(held);
    return balances;
  }

  const jobArbitrary = fc.record({
    needed: fc.integer({ min: 1, max: 300 }),
    creditType: fc.constantFrom<JobCreditType>('monthly', 'purchased', 'hybrid'),
    preferred: fc.constantFrom<CreditType>('monthly', 'purchased'),
    // undefined: the job fails and is refunded; a number: it succeeds having used that many.
    actual: fc.option(fc.integer({ min: 0, max: 400 }), { nil: undefined }),
    // Jobs end in an order of their own, not in the order they were created.
    endOrder: fc.nat(),
  });

  it('keeps every balance equal to its ledger through reservations, settlements and refunds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(600),
        fc.nat(600),
        fc.array(jobArbitrary, { maxLength: 8 }),
        async (monthly, purchased, jobs) => {
          await database.reset();
          const userId = await userWith(monthly, purchased);
          const open = new Map<string, Reservation>();
          const accepted: { jobId: string; job: (typeof jobs)[number] }[] = [];

          for (const job of jobs) {
            const jobId = randomUUID();
            const before = await repos.credits.balances(userId);
            let expected: Reservation | null;
            try {
              expected = planReservation(job.needed, before, job.creditType, job.preferred);
            } catch {
              expected = null;
            }
            const reserving = inTransaction(database.handle.db, (r) =>
              reserveCredits(r, userId, jobId, job.needed, job.creditType, job.preferred),
            );
            if (expected === null) {
              await expect(reserving).rejects.toMatchObject({ status: 402 });
            } else {
              expect(await reserving).toEqual(expected);
              open.set(jobId, expected);
              accepted.push({ jobId, job });
            }
            await expectLedgerInvariants(userId, open.values());
          }

          let charged = 0;
          const ending = [...accepted].sort((a, b) => a.job.endOrder - b.job.endOrder);
          for (const { jobId, job } of ending) {
            const held = open.get(jobId)!;
            if (job.actual === undefined) {
              await inTransaction(database.handle.db, (r) =>
                refundReservation(r, userId, jobId, held),
              );
            } else {
              const actual = job.actual;
              const charge = await inTransaction(database.handle.db, (r) =>
                settleCredits(r, userId, jobId, held, actual),
              );
              expect(charge).toBe(Math.min(actual, held.monthly + held.purchased));
              charged += charge;
            }
            open.delete(jobId);
            await expectLedgerInvariants(userId, open.values());
          }

          const after = await expectLedgerInvariants(userId, []);
          expect(after.monthly + after.purchased).toBe(monthly + purchased - charged);
        },
      ),
      { numRuns: kind === 'pglite' ? 30 : 15 },
    );
  });

  it('lets concurrent reservations spend each credit once', async () => {
    const userId = await userWith(100, 0);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        inTransaction(database.handle.db, (r) =>
          reserveCredits(r, userId, randomUUID(), 40, 'monthly', 'monthly'),
        ),
      ),
    );
    const granted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(granted).toHaveLength(2);
    for (const result of refused) expect(result.reason).toMatchObject({ status: 402 });
    const balances = await repos.credits.balances(userId);
    expect(balances).toEqual({ monthly: 20, purchased: 0, reserved: 80 });
    expect(await repos.credits.ledgerSum(userId, 'monthly')).toBe(20);
  });
});
