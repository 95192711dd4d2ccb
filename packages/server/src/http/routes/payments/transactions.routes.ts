import {
  transactionsQuerySchema,
  type Transaction,
  type TransactionType,
  type CreditType,
} from '@repobundle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../../errors.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import type { RouteOptions } from '../route-context.js';

/** A date-only bound covers the whole day: `end_date=2026-01-31` includes that day. */
function boundOf(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (end && /^\d{4}-\d{2}-\d{2}$/.test(value)) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

/** The credit ledger for the usage screen: both paths of the spec answer the same list. */
export async function transactionsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx);
  const handler = async (req: FastifyRequest) => {
    const query = req.query as z.output<typeof transactionsQuerySchema>;
    const from = boundOf(query.start_date, false);
    const to = boundOf(query.end_date, true);
    if (from && to && from >= to) {
      throw badRequest('VALIDATION_ERROR', 'start_date must be before end_date.');
    }
    const user = currentUser(req);
    const filter = {
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
    const { rows, total } = await list(user.id, filter, query.page, query.limit);
    const totalPages = Math.ceil(total / query.limit);
    const transactions: Transaction[] = rows.map((row) => ({
      id: row.id,
      type: row.type as TransactionType,
      credit_type: row.credit_type as CreditType,
      amount: row.amount,
      balance_after: row.balance_after,
      description: row.description,
      job_id: row.job_id,
      created_at: row.created_at.toISOString(),
    }));
    return {
      transactions,
      pagination: {
        page: query.page,
        limit: query.limit,
        total,
        total_pages: totalPages,
        has_next: query.page < totalPages,
        has_prev: query.page > 1,
      },
    };
  };
  const options = { onRequest, schema: { querystring: transactionsQuerySchema } };
  app.get('/payments/transactions', options, handler);
  app.get('/payments/token-transactions', options, handler);
}
