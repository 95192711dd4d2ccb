import { transactionsQuerySchema, type TransactionsResponse } from '@repobundle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { presentPagination } from '../../../presenters/pagination.presenter.js';
import { presentTransaction } from '../../../presenters/transaction.presenter.js';
import { listLedger } from '../../../services/transactions.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import type { RouteOptions } from '../route-context.js';

/** The credit ledger for the usage screen: both paths answer the same list. */
export async function transactionsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx);
  const handler = async (req: FastifyRequest): Promise<TransactionsResponse> => {
    const query = req.query as z.output<typeof transactionsQuerySchema>;
    const { rows, total } = await listLedger(ctx, currentUser(req), query);
    return {
      transactions: rows.map(presentTransaction),
      pagination: presentPagination(query.page, query.limit, total, 'total'),
    };
  };
  const options = { onRequest, schema: { querystring: transactionsQuerySchema } };
  app.get('/payments/transactions', options, handler);
  app.get('/payments/token-transactions', options, handler);
}
