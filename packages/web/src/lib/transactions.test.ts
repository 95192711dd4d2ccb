// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Transaction, TransactionsResponse } from '@repobundle/contract';
import {
  TOTALS_MAX_PAGES,
  groupByJob,
  jobCredits,
  loadTransactionTotals,
  totalsOf,
  transactionsQuery,
  type TransactionsQuery,
} from './transactions.js';

const now = Date.parse('2026-11-22T12:00:00Z');

function row(id: number, type: Transaction['type'], amount: number): Transaction {
  return {
    id: String(id),
    type,
    credit_type: 'monthly',
    amount,
    balance_after: 0,
    description: `row ${id}`,
    job_id: null,
    created_at: new Date(now).toISOString(),
  };
}

describe('usage totals', () => {
  it('sums purchases above 0, and the absolute usage and reservations below 0', () => {
    const list = [
      row(1, 'purchase', 500),
      row(2, 'usage', -35),
      row(3, 'reservation', -12),
      row(4, 'refund', 3),
      row(5, 'usage', 4),
    ];
    expect(totalsOf(list)).toEqual({ purchased: 500, used: 35, reserved: 12 });
  });

  it('reads every page of the three summed types, not only the page on screen', async () => {
    const ledger: Record<string, Transaction[]> = {
      purchase: Array.from({ length: 150 }, (_, i) => row(i, 'purchase', 10)),
      usage: [row(1000, 'usage', -7)],
      reservation: [],
    };
    const asked: TransactionsQuery[] = [];
    const totals = await loadTransactionTotals(async (query) => {
      asked.push(query);
      const all = ledger[query.type!]!;
      const start = (query.page - 1) * query.limit;
      const pages = Math.ceil(all.length / query.limit);
      return {
        transactions: all.slice(start, start + query.limit),
        pagination: {
          page: query.page,
          limit: query.limit,
          total: all.length,
          total_pages: pages,
          has_next: query.page < pages,
          has_prev: query.page > 1,
        },
      } satisfies TransactionsResponse;
    });
    expect(totals).toEqual({ purchased: 1500, used: 7, reserved: 0, complete: true });
    expect(asked.filter((q) => q.type === 'purchase').map((q) => q.page)).toEqual([1, 2]);
  });

  it('says the totals are partial when a type has more rows than the cap', async () => {
    const totals = await loadTransactionTotals(async (query) => ({
      transactions: [row(query.page, query.type!, query.type === 'purchase' ? 1 : -1)],
      pagination: {
        page: query.page,
        limit: query.limit,
        total: 10_000,
        total_pages: 10_000,
        has_next: true,
        has_prev: query.page > 1,
      },
    }));
    expect(totals.complete).toBe(false);
    expect(totals.purchased).toBe(TOTALS_MAX_PAGES);
  });
});

describe('usage filters as a server query', () => {
  // Pages by job group on the server: a job's rows never straddle two pages.
  it('sends page and size, and nothing for "all" and an empty search', () => {
    expect(transactionsQuery({ range: 'all', type: 'all', search: '  ', page: 3 }, now)).toEqual({
      page: 3,
      limit: 25,
      group_by: 'job',
    });
  });

  it('turns a date range into start_date and passes type and the trimmed search', () => {
    expect(
      transactionsQuery({ range: '7d', type: 'usage', search: ' Job 1a ', page: 1 }, now),
    ).toEqual({
      page: 1,
      limit: 25,
      group_by: 'job',
      type: 'usage',
      start_date: '2026-11-15T12:00:00.000Z',
      search: 'Job 1a',
    });
  });
});

describe('a job in the ledger', () => {
  const jobRow = (id: number, type: Transaction['type'], amount: number, job: string | null) => ({
    ...row(id, type, amount),
    job_id: job,
  });
  const JOB = '0123456789abcdef-job';

  it("groups a job's reservation, return and usage into one line: what it used", () => {
    const items = groupByJob([
      jobRow(3, 'usage', -36, JOB),
      jobRow(2, 'refund', 38, JOB),
      jobRow(1, 'reservation', -38, JOB),
      jobRow(0, 'purchase', 500, null),
    ]);
    expect(items).toHaveLength(2);
    const [group, purchase] = items;
    expect(group).toMatchObject({ kind: 'job', jobId: JOB, amount: -36 });
    expect(group!.kind === 'job' && group!.label).toBe('Job 01234567 used 36 credits');
    expect(group!.kind === 'job' && group!.rows.map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(purchase).toMatchObject({ kind: 'row' });
  });

  it('leaves a lone row as it is, and says a failed job got its reservation back', () => {
    // A running job has one row, which says what it is by itself.
    const running = groupByJob([jobRow(1, 'reservation', -38, JOB)]);
    expect(running).toEqual([{ kind: 'row', row: jobRow(1, 'reservation', -38, JOB) }]);
    const failed = groupByJob([jobRow(2, 'refund', 38, JOB), jobRow(1, 'reservation', -38, JOB)]);
    expect(failed[0]).toMatchObject({ kind: 'job', amount: 0 });
    expect(failed[0]!.kind === 'job' && failed[0]!.label).toBe(
      'Job 01234567 did not finish: its 38 credits were returned',
    );
  });
});

describe('credits of a job on the dashboard', () => {
  it('shows what a finished job used and what a running job holds', () => {
    expect(jobCredits({ status: 'succeeded', reserved_credits: 38, actual_credits: 36 })).toEqual({
      value: 36,
      label: 'used',
    });
    expect(
      jobCredits({ status: 'processing', reserved_credits: 38, actual_credits: null }),
    ).toEqual({ value: 38, label: 'reserved' });
    expect(jobCredits({ status: 'failed', reserved_credits: 38, actual_credits: null })).toEqual({
      value: 0,
      label: 'returned',
    });
  });
});
