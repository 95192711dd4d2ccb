import type { BillingCycle, CheckoutKind, CheckoutStatus, PlanId } from '@repobundle/contract';
import type { Generated, Selectable } from 'kysely';
import type { Executor } from './executor.js';

/** The row type of migrations/0006-payments.sql and 0007-stripe.sql. */
export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  provider: Generated<string>;
  kind: CheckoutKind;
  description: string;
  amount_cents: number;
  currency: Generated<string>;
  plan_id: PlanId | null;
  billing_cycle: BillingCycle | null;
  credits: number;
  status: Generated<CheckoutStatus>;
  created_at: Generated<Date>;
  completed_at: Date | null;
  cancelled_at: Date | null;
  /** Stripe mode: the id of Stripe's Checkout Session or PaymentIntent for this row. */
  provider_session_id: Generated<string | null>;
}

export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>;

export interface NewCheckoutSession {
  id: string;
  userId: string;
  provider: string;
  kind: CheckoutKind;
  description: string;
  amountCents: number;
  planId: PlanId | null;
  billingCycle: BillingCycle | null;
  credits: number;
}

export function createCheckoutSessionsRepository(executor: Executor) {
  // The table is declared here rather than in schema.ts: payments own it end to end.
  const db = executor.withTables<{ checkout_sessions: CheckoutSessionsTable }>();
  return {
    insert(session: NewCheckoutSession): Promise<CheckoutSessionRow> {
      return db
        .insertInto('checkout_sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          provider: session.provider,
          kind: session.kind,
          description: session.description,
          amount_cents: session.amountCents,
          plan_id: session.planId,
          billing_cycle: session.billingCycle,
          credits: session.credits,
          completed_at: null,
          cancelled_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A session of this user only: another user's id reads as missing. */
    findForUser(id: string, userId: string): Promise<CheckoutSessionRow | undefined> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The same, locked for the rest of the transaction: one completion at a time. */
    lockForUser(id: string, userId: string): Promise<CheckoutSessionRow | undefined> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Any user's session, locked: the payment processor's webhook names it by our id. */
    lock(id: string): Promise<CheckoutSessionRow | undefined> {
      return db
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Our id for the processor's own object id, for events that do not carry ours. */
    async findIdByProviderSessionId(
      provider: string,
      providerSessionId: string,
    ): Promise<string | undefined> {
      const row = await db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('provider', '=', provider)
        .where('provider_session_id', '=', providerSessionId)
        .executeTakeFirst();
      return row?.id;
    },

    setProviderSessionId(id: string, providerSessionId: string): Promise<CheckoutSessionRow> {
      return db
        .updateTable('checkout_sessions')
        .set({ provider_session_id: providerSessionId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    setStatus(id: string, status: CheckoutStatus, at: Date): Promise<CheckoutSessionRow> {
      return db
        .updateTable('checkout_sessions')
        .set({
          status,
          ...(status === 'completed' ? { completed_at: at } : {}),
          ...(status === 'cancelled' ? { cancelled_at: at } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type CheckoutSessionsRepository = ReturnType<typeof createCheckoutSessionsRepository>;
