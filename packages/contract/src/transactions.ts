import { z } from 'zod';
import { creditTypes, textField, transactionTypes } from './fields.js';

const date = (name: string) =>
  z
    .string()
    .refine(
      (value) => !Number.isNaN(Date.parse(value)),
      `${name} must be a date (YYYY-MM-DD or ISO 8601).`,
    );

/** GET /payments/transactions and /payments/token-transactions. */
export const transactionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int()
    .min(1, 'page starts at 1.')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, 'limit must be between 1 and 100.')
    .max(100, 'limit must be between 1 and 100.')
    .default(25),
  type: z
    .enum(transactionTypes, { error: `type must be one of: ${transactionTypes.join(', ')}.` })
    .optional(),
  credit_type: z
    .enum(creditTypes, { error: `credit_type must be one of: ${creditTypes.join(', ')}.` })
    .optional(),
  start_date: date('start_date').optional(),
  end_date: date('end_date').optional(),
  search: textField().max(200).optional(),
  /**
   * `job`: pages count groups, not rows: all the rows of one job (that the filters keep) come on
   * one page together; a row without a job is a group of its own. Groups are ordered by their
   * newest row.
   */
  group_by: z.enum(['job'], { error: 'group_by must be job (or left out).' }).optional(),
});
export type TransactionsQuery = z.input<typeof transactionsQuerySchema>;

export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(transactionTypes),
  credit_type: z.enum(creditTypes),
  amount: z.number().int(),
  balance_after: z.number().int(),
  description: z.string(),
  job_id: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsResponseSchema = z.object({
  transactions: z.array(transactionSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
  }),
});
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;
