import type { transactionsQuerySchema } from '@repobundle/contract';
import type { z } from 'zod';
import type {
  CreditTransactionRow,
  TransactionFilter,
} from '../db/repositories/credits.repository.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import { badRequest } from '../errors.js';
import type { ServiceContext } from './context.js';

/** The ledger query once validated and its defaults applied. */
export type LedgerQuery = z.output<typeof transactionsQuerySchema>;

export interface LedgerPage {
  rows: CreditTransactionRow[];
  total: number;
}

/** A date-only bound covers the whole day: `end_date=2026-01-31` includes that day. */
function boundOf(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/**
 * One page of the user's credit ledger, filtered; with `group_by=job` a page counts jobs (all of
 * a job's rows together) instead of rows.
 */
export async function listLedger(
  ctx: ServiceContext,
  user: UserRow,
  query: LedgerQuery,
): Promise<LedgerPage> {
  const from = boundOf(query.start_date, false);
  const to = boundOf(query.end_date, true);
  if (from && to && from >= to) {
    throw badRequest('VALIDATION_ERROR', 'start_date must be before end_date.');
  }
  const filter: TransactionFilter = {
    type: query.type,
    creditType: query.credit_type,
    from,
    to,
    search: query.search?.trim() || undefined,
  };
  const list =
    query.group_by === 'job'
      ? ctx.repos.credits.listTransactionGroups
      : ctx.repos.credits.listTransactions;
  return list(user.id, filter, query.page, query.limit);
}
