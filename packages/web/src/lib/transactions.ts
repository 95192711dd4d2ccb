import type { Transaction } from '../api/types.js';

// Usage screen rules of spec part 1 section 9.

export const DATE_RANGES = ['all', '7d', '30d', '90d'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const TYPE_FILTERS = [
  'all',
  'purchase',
  'usage',
  'reservation',
  'monthly_reset',
  'subscription_bonus',
] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

const RANGE_DAYS: Record<DateRange, number | null> = { all: null, '7d': 7, '30d': 30, '90d': 90 };

export interface TransactionTotals {
  purchased: number;
  used: number;
  reserved: number;
}

export function totalsOf(list: Transaction[]): TransactionTotals {
  let purchased = 0;
  let used = 0;
  let reserved = 0;
  for (const t of list) {
    if (t.type === 'purchase' && t.amount > 0) purchased += t.amount;
    if (t.type === 'usage' && t.amount < 0) used += Math.abs(t.amount);
    if (t.type === 'reservation' && t.amount < 0) reserved += Math.abs(t.amount);
  }
  return { purchased, used, reserved };
}

export function filterTransactions(
  list: Transaction[],
  range: DateRange,
  type: TypeFilter,
  search: string,
  now: number = Date.now(),
): Transaction[] {
  const days = RANGE_DAYS[range];
  const since = days === null ? null : now - days * 86_400_000;
  const needle = search.trim().toLowerCase();
  return list.filter(
    (t) =>
      (since === null || new Date(t.created_at).getTime() >= since) &&
      (type === 'all' || t.type === type) &&
      (!needle || (t.description ?? '').toLowerCase().includes(needle)),
  );
}

export const TYPE_LABELS: Record<string, string> = {
  all: 'All types',
  purchase: 'Purchase',
  usage: 'Usage',
  reservation: 'Reservation',
  monthly_reset: 'Monthly reset',
  subscription_bonus: 'Subscription bonus',
  refund: 'Refund',
};

export const RANGE_LABELS: Record<DateRange, string> = {
  all: 'All time',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};
