import { sql } from 'kysely';
import type { Executor } from './executor.js';

export function createWaitlistRepository(db: Executor) {
  return {
    /** Adds an address once; true when it was new. */
    async add(email: string): Promise<boolean> {
      const row = await db
        .insertInto('waitlist')
        .values({ email })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('email')
        .executeTakeFirst();
      return row !== undefined;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('waitlist')
        .select(sql<number>`count(*)::integer`.as('n'))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    async approve(email: string, now: Date): Promise<void> {
      await db
        .insertInto('waitlist')
        .values({ email, approved_at: now })
        .onConflict((oc) =>
          oc
            .column('email')
            .doUpdateSet({ approved_at: sql`coalesce(waitlist.approved_at, ${now})` }),
        )
        .execute();
    },

    async isApproved(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('waitlist')
        .select('approved_at')
        .where('email', '=', email)
        .executeTakeFirst();
      return row?.approved_at != null;
    },

    async approvedAmong(emails: string[]): Promise<Set<string>> {
      if (emails.length === 0) return new Set();
      const rows = await db
        .selectFrom('waitlist')
        .select('email')
        .where('email', 'in', emails)
        .where('approved_at', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.email));
    },
  };
}
export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
