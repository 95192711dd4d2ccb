import type { Transaction, TransactionType, TransactionsResponse } from '../api/types.js';

// Usage screen rules of spec part 1 section 9. Filtering, search and paging run on the server
// (GET /payments/transactions); these build its query and total the ledger.

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

export const TRANSACTIONS_PAGE_SIZE = 25;
const RANGE_DAYS: Record<DateRange, number | null> = { all: null, '7d': 7, '30d': 30, '90d': 90 };

/** The query string of GET /payments/transactions. */
export interface TransactionsQuery {
  page: number;
  limit: number;
  type?: TransactionType;
  start_date?: string;
  end_date?: string;
  search?: string;
}

export interface TransactionFilters {
  range: DateRange;
  type: TypeFilter;
  search: string;
  page: number;
}

export function transactionsQuery(
  filters: TransactionFilters,
  now: number = Date.now(),
): TransactionsQuery {
  const days = RANGE_DAYS[filters.range];
  const search = filters.search.trim();
  return {
    page: filters.page,
    limit: TRANSACTIONS_PAGE_SIZE,
    ...(filters.type === 'all' ? {} : { type: filters.type }),
    ...(days === null ? {} : { start_date: new Date(now - days * 86_400_000).toISOString() }),
    ...(search ? { search } : {}),
  };
}

export interface TransactionTotals {
  purchased: number;
  used: number;
  reserved: number;
}

export function totalsOf(list: readonly Pick<Transaction, 'type' | 'amount'>[]): TransactionTotals {
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

/** Rows read per type for the totals; past this the totals cover the most recent rows only. */
export const TOTALS_PAGE_SIZE = 100;
export const TOTALS_MAX_PAGES = 50;
const TOTAL_TYPES = ['purchase', 'usage', 'reservation'] as const;

/**
 * Totals over the whole ledger, not the page on screen: the three summed types are read page by
 * page (newest first). `complete` is false when a type had more rows than the cap.
 */
export async function loadTransactionTotals(
  fetchPage: (query: TransactionsQuery) => Promise<TransactionsResponse>,
): Promise<TransactionTotals & { complete: boolean }> {
  let complete = true;
  const rows: Pick<Transaction, 'type' | 'amount'>[] = [];
  await Promise.all(
    TOTAL_TYPES.map(async (type) => {
      for (let page = 1; page <= TOTALS_MAX_PAGES; page++) {
        const body = await fetchPage({ page, limit: TOTALS_PAGE_SIZE, type });
        // Only rows of the asked type count, whatever else an answer holds.
        rows.push(...body.transactions.filter((row) => row.type === type));
        if (!body.pagination.has_next) return;
      }
      complete = false;
    }),
  );
  return { ...totalsOf(rows), complete };
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
