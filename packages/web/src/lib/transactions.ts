import type { Transaction, TransactionsResponse, TransactionType } from '@repobundle/contract';

// Usage screen rules. Filtering, search and paging run on the server
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
  /** Pages count jobs, not rows, so a job's rows arrive whole on one page. */
  group_by?: 'job';
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
    group_by: 'job',
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

/** One line of the ledger as shown: a row, or every row of one job under one sentence. */
export type LedgerItem =
  | { kind: 'row'; row: Transaction }
  | { kind: 'job'; jobId: string; label: string; amount: number; rows: Transaction[] };

/**
 * A job writes a reservation, then on finishing returns it and charges what it used; read row by
 * row that looks like a refund. Two or more rows of one job become one line saying what the job
 * used, held or got back, expandable to its rows. The line sits where the job's newest row was.
 * The server pages by job (`group_by=job`), so a page holds every row of each of its jobs.
 */
export function groupByJob(rows: readonly Transaction[]): LedgerItem[] {
  const byJob = new Map<string, Transaction[]>();
  for (const row of rows) {
    if (!row.job_id) continue;
    const list = byJob.get(row.job_id);
    if (list) list.push(row);
    else byJob.set(row.job_id, [row]);
  }
  const items: LedgerItem[] = [];
  for (const row of rows) {
    if (!row.job_id) {
      items.push({ kind: 'row', row });
      continue;
    }
    const jobRows = byJob.get(row.job_id);
    if (!jobRows || jobRows[0] !== row) continue;
    // One row says what it is ("Reserved for job ..."); grouping starts at two.
    if (jobRows.length === 1) items.push({ kind: 'row', row });
    else items.push(jobItem(row.job_id, jobRows));
  }
  return items;
}

function jobItem(jobId: string, rows: Transaction[]): LedgerItem {
  let reserved = 0;
  let returned = 0;
  let used = 0;
  for (const row of rows) {
    if (row.type === 'reservation') reserved += -row.amount;
    else if (row.type === 'refund') returned += row.amount;
    else if (row.type === 'usage') used += -row.amount;
  }
  const amount = rows.reduce((sum, row) => sum + row.amount, 0);
  const name = `Job ${jobId.slice(0, 8)}`;
  const credits = (n: number) => `${formatCount(n)} ${n === 1 ? 'credit' : 'credits'}`;
  let label: string;
  if (used > 0) label = `${name} used ${credits(used)}`;
  else if (reserved > 0 && returned >= reserved)
    label = `${name} did not finish: its ${credits(reserved)} were returned`;
  else if (reserved > 0) label = `${name} holds ${credits(reserved - returned)} while it runs`;
  else label = `${name}: ${credits(Math.abs(amount))}`;
  return { kind: 'job', jobId, label, amount, rows };
}

function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** The dashboard's credits of a job: what it used once done, what it holds while it runs. */
export function jobCredits(job: {
  status: string;
  reserved_credits: number;
  actual_credits: number | null;
}): { value: number; label: 'used' | 'reserved' | 'returned' } {
  if (job.status === 'succeeded') {
    return { value: job.actual_credits ?? job.reserved_credits, label: 'used' };
  }
  if (job.status === 'failed') return { value: 0, label: 'returned' };
  return { value: job.reserved_credits, label: 'reserved' };
}
