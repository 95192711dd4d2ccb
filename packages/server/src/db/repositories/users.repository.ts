import { sql, type Selectable } from 'kysely';
import type { UsersTable } from '../schema.js';
import type { Balances } from './credits.repository.js';
import type { Executor } from './executor.js';
import { compileOnce } from '../compiled-query.js';
import { sessionUser } from './session-user.js';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  email: string;
  passwordHash: string | null;
  googleSub: string | null;
  isVerified: boolean;
  monthlyCreditsResetDate: Date;
}

export type SettingsPatch = Partial<Pick<UserRow, 'auto_delete_after' | 'default_credit_type'>>;

export function createUsersRepository(db: Executor) {
  const withBalancesForSession = compileOnce(
    db,
    ['id', 'issuedAt'],
    (params: { id: string; issuedAt: Date }) =>
      sessionUser(db, params.id, params.issuedAt)
        .selectAll('users')
        .select((eb) => {
          const balances = () =>
            eb.selectFrom('credit_balances').whereRef('credit_balances.user_id', '=', 'users.id');
          return [
            balances().select('balance').where('credit_type', '=', 'monthly').as('balance_monthly'),
            balances()
              .select('balance')
              .where('credit_type', '=', 'purchased')
              .as('balance_purchased'),
            balances()
              .select(sql<number>`coalesce(sum(reserved), 0)::integer`.as('reserved'))
              .as('balance_reserved'),
          ];
        }),
  );

  const byId = compileOnce(db, ['id'], (params: { id: string }) =>
    db.selectFrom('users').selectAll().where('id', '=', params.id),
  );

  return {
    /** Users whose monthly credits are due for their reset (the scheduled job's input). */
    dueForMonthlyReset(now: Date, limit = 100): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('monthly_credits_reset_date', '<=', now)
        .orderBy('monthly_credits_reset_date')
        .limit(limit)
        .execute();
    },

    /** The row locked for the rest of the transaction. */
    lock(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /**
     * A session's user and balances in one statement; undefined when the session is not valid
     * (see `sessionUser`), and the caller checks it the long way for the precise answer.
     */
    async findWithBalancesForSession(
      id: string,
      issuedAt: Date,
    ): Promise<{ user: UserRow; balances: Balances } | undefined> {
      const [row] = await withBalancesForSession({ id, issuedAt });
      if (!row) return undefined;
      const { balance_monthly, balance_purchased, balance_reserved, ...user } = row;
      return {
        user,
        balances: {
          monthly: balance_monthly ?? 0,
          purchased: balance_purchased ?? 0,
          reserved: balance_reserved ?? 0,
        },
      };
    },

    /** Read by the sign-in check of every signed-in request. */
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId({ id });
      return row;
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findByGoogleSub(sub: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },

    insert(user: NewUser): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: user.passwordHash,
          google_sub: user.googleSub,
          is_verified: user.isVerified,
          monthly_credits_reset_date: user.monthlyCreditsResetDate,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(
      id: string,
      patch: Partial<
        Pick<
          UserRow,
          | 'email'
          | 'password_hash'
          | 'sessions_valid_from'
          | 'google_sub'
          | 'is_verified'
          | 'welcome_modal_seen'
          | 'plan_id'
          | 'billing_cycle'
          | 'next_billing_date'
          | 'monthly_credits_reset_date'
          | 'auto_delete_after'
          | 'default_credit_type'
        >
      >,
    ): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    list(limit: number, offset: number): Promise<UserRow[]> {
      return db
        .selectFrom('users')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('email')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
