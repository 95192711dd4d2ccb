import type { CreditType, TransactionType } from '@repobundle/contract';
import { sql, type Selectable } from 'kysely';
import type { CreditTransactionsTable } from '../schema.js';
import type { Executor } from './executor.js';

export interface CreditChange {
  userId: string;
  creditType: CreditType;
  type: TransactionType;
  amount: number;
  description: string;
  jobId?: string | null;
  /** Change of the credits held for running jobs (reservations +, releases -). */
  reservedDelta?: number;
}

export type CreditTransactionRow = Selectable<CreditTransactionsTable>;

export interface TransactionFilter {
  type?: TransactionType | undefined;
  creditType?: CreditType | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  search?: string | undefined;
}

export interface Balances {
  monthly: number;
  purchased: number;
  reserved: number;
}

export class InsufficientCreditsError extends Error {
  constructor(readonly available: number) {
    super('insufficient credits');
  }
}

/**
 * Balances and their ledger. Must run inside a transaction: the balance row is
 * locked, changed and its ledger row written together, so balances equal the ledger's sum.
 */
export function createCreditsRepository(db: Executor) {
  /** A user's ledger rows that pass the filter (type, credit type, dates, description). */
  const filteredLedger = (userId: string, filter: TransactionFilter) => {
    let query = db.selectFrom('credit_transactions').where('user_id', '=', userId);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.creditType) query = query.where('credit_type', '=', filter.creditType);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.search) {
      const escaped = filter.search.replace(/[\\%_]/g, (c) => `\\${c}`);
      query = query.where('description', 'ilike', `%${escaped}%`);
    }
    return query;
  };

  return {
    async createBalances(userId: string): Promise<void> {
      await db
        .insertInto('credit_balances')
        .values([
          { user_id: userId, credit_type: 'monthly' },
          { user_id: userId, credit_type: 'purchased' },
        ])
        .execute();
    },

    /** Applies a signed change and writes its ledger row; refuses to go below zero. */
    async applyChange(change: CreditChange): Promise<number> {
      const current = await db
        .selectFrom('credit_balances')
        .select(['balance', 'reserved'])
        .where('user_id', '=', change.userId)
        .where('credit_type', '=', change.creditType)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const next = current.balance + change.amount;
      if (next < 0) throw new InsufficientCreditsError(current.balance);
      await db
        .updateTable('credit_balances')
        .set({
          balance: next,
          reserved: Math.max(0, current.reserved + (change.reservedDelta ?? 0)),
          updated_at: new Date(),
        })
        .where('user_id', '=', change.userId)
        .where('credit_type', '=', change.creditType)
        .execute();
      await db
        .insertInto('credit_transactions')
        .values({
          user_id: change.userId,
          credit_type: change.creditType,
          type: change.type,
          amount: change.amount,
          balance_after: next,
          description: change.description,
          job_id: change.jobId ?? null,
        })
        .execute();
      return next;
    },

    /** Locks both balance rows of a user, in a fixed order so two transactions cannot deadlock. */
    async lockBalances(userId: string): Promise<Balances> {
      const rows = await db
        .selectFrom('credit_balances')
        .select(['credit_type', 'balance', 'reserved'])
        .where('user_id', '=', userId)
        .orderBy('credit_type')
        .forUpdate()
        .execute();
      const byType = new Map(rows.map((r) => [r.credit_type, r]));
      return {
        monthly: byType.get('monthly')?.balance ?? 0,
        purchased: byType.get('purchased')?.balance ?? 0,
        reserved: rows.reduce((sum, r) => sum + r.reserved, 0),
      };
    },

    async balances(userId: string): Promise<Balances> {
      const rows = await db
        .selectFrom('credit_balances')
        .select(['credit_type', 'balance', 'reserved'])
        .where('user_id', '=', userId)
        .execute();
      const byType = new Map(rows.map((r) => [r.credit_type, r]));
      return {
        monthly: byType.get('monthly')?.balance ?? 0,
        purchased: byType.get('purchased')?.balance ?? 0,
        reserved: rows.reduce((sum, r) => sum + r.reserved, 0),
      };
    },

    /** Sum of the ledger for one user and credit type (the invariant's other side). */
    async ledgerSum(userId: string, creditType: CreditType): Promise<number> {
      const row = await db
        .selectFrom('credit_transactions')
        .select(sql<number>`coalesce(sum(amount), 0)::integer`.as('total'))
        .where('user_id', '=', userId)
        .where('credit_type', '=', creditType)
        .executeTakeFirstOrThrow();
      return row.total;
    },

    /** One page of a user's ledger, newest first, with the total count for pagination. */
    async listTransactions(userId: string, filter: TransactionFilter, page: number, limit: number) {
      const query = filteredLedger(userId, filter);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        query.select(sql<number>`count(*)::integer`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: total.total };
    },

    /**
     * One page of a user's ledger by job: a page holds `limit` groups (every kept row of one job,
     * or one row without a job), newest group first, so a job never straddles two pages. `total`
     * counts groups.
     */
    async listTransactionGroups(
      userId: string,
      filter: TransactionFilter,
      page: number,
      limit: number,
    ) {
      const groupKey = sql<string>`coalesce(job_id, id)`;
      const groups = filteredLedger(userId, filter)
        .select([groupKey.as('group_key'), sql<Date>`max(created_at)`.as('newest')])
        .groupBy(groupKey);
      const [keys, total] = await Promise.all([
        db
          .selectFrom(groups.as('groups'))
          .select('group_key')
          .orderBy('newest', 'desc')
          .orderBy('group_key')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom(groups.as('groups'))
          .select(sql<number>`count(*)::integer`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      if (keys.length === 0) return { rows: [], total: total.total };
      const order = new Map(keys.map((key, index) => [key.group_key, index]));
      const rows = await filteredLedger(userId, filter)
        .selectAll()
        .where(
          groupKey,
          'in',
          keys.map((key) => key.group_key),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      const position = (row: { job_id: string | null; id: string }) =>
        order.get(row.job_id ?? row.id) ?? 0;
      // A stable sort keeps each group's rows newest first.
      rows.sort((a, b) => position(a) - position(b));
      return { rows, total: total.total };
    },

    transactions(userId: string) {
      return db
        .selectFrom('credit_transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },
  };
}
export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
