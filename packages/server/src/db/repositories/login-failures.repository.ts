import { sql } from 'kysely';
import type { Executor } from './executor.js';

interface LoginFailuresTable {
  email: string;
  failures: number;
  window_started_at: Date;
}

export interface LoginFailures {
  failures: number;
  windowStartedAt: Date;
}

/** Failed sign-ins per account (e-mail, known or not) within a window. */
export function createLoginFailuresRepository(executor: Executor) {
  const db = executor.withTables<{ login_failures: LoginFailuresTable }>();
  return {
    async find(email: string): Promise<LoginFailures | undefined> {
      const row = await db
        .selectFrom('login_failures')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      return row && { failures: row.failures, windowStartedAt: row.window_started_at };
    },

    /** Counts one failure; a window older than `windowStartedBefore` starts over at one. */
    async record(email: string, now: Date, windowStartedBefore: Date): Promise<void> {
      await db
        .insertInto('login_failures')
        .values({ email, failures: 1, window_started_at: now })
        .onConflict((oc) =>
          oc.column('email').doUpdateSet({
            failures: sql`case when login_failures.window_started_at < ${windowStartedBefore}
              then 1 else login_failures.failures + 1 end`,
            window_started_at: sql`case when login_failures.window_started_at < ${windowStartedBefore}
              then ${now} else login_failures.window_started_at end`,
          }),
        )
        .execute();
    },

    async clear(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },
  };
}
