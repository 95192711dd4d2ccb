// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/types.js';
import { filterTransactions, totalsOf } from './transactions.js';

const now = Date.parse('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
const list: Transaction[] = [
  {
    id: 1,
    type: 'purchase',
    amount: 500,
    description: 'Credit pack: 500 credits',
    created_at: daysAgo(2),
  },
  {
    id: 2,
    type: 'usage',
    amount: -35,
    description: 'Job 1a2b: 1,087 files',
    created_at: daysAgo(10),
  },
  {
    id: 3,
    type: 'reservation',
    amount: -12,
    description: 'Reserved for job 9b1f',
    created_at: daysAgo(40),
  },
  {
    id: 4,
    type: 'refund',
    amount: 3,
    description: 'Unused credits returned',
    created_at: daysAgo(100),
  },
  { id: 5, type: 'usage', amount: 4, description: 'odd positive usage', created_at: daysAgo(1) },
];

describe('usage totals and filters', () => {
  it('sums purchases above 0, and the absolute usage and reservations below 0', () => {
    expect(totalsOf(list)).toEqual({ purchased: 500, used: 35, reserved: 12 });
  });

  it('filters by date range, type and case-insensitive description search', () => {
    expect(filterTransactions(list, '7d', 'all', '', now).map((t) => t.id)).toEqual([1, 5]);
    expect(filterTransactions(list, '90d', 'all', '', now).map((t) => t.id)).toEqual([1, 2, 3, 5]);
    expect(filterTransactions(list, 'all', 'usage', '', now).map((t) => t.id)).toEqual([2, 5]);
    expect(filterTransactions(list, 'all', 'all', 'JOB', now).map((t) => t.id)).toEqual([2, 3]);
  });
});
