import type { ColumnType } from 'kysely';
import type { Executor } from './executor.js';

// Kept beside its only repository rather than in schema.ts: no other module reads this table.
interface GithubOauthStatesTable {
  state_hash: string;
  user_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: ColumnType<Date, Date, never>;
}

/** Live states kept per user; older ones are dropped (a person rarely has more than one tab). */
const MAX_LIVE_STATES = 5;

export function createGithubOauthStatesRepository(executor: Executor) {
  const db = executor.withTables<{ github_oauth_states: GithubOauthStatesTable }>();
  return {
    /** Stores a new state and drops the user's expired and surplus ones. */
    async insert(userId: string, stateHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db
        .insertInto('github_oauth_states')
        .values({ state_hash: stateHash, user_id: userId, created_at: now, expires_at: expiresAt })
        .execute();
      const keep = db
        .selectFrom('github_oauth_states')
        .select('state_hash')
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(MAX_LIVE_STATES);
      await db
        .deleteFrom('github_oauth_states')
        .where('user_id', '=', userId)
        .where('state_hash', 'not in', keep)
        .execute();
    },

    /**
     * Takes the user's state out in one statement, so it works once even under concurrent
     * requests. Returns its expiry, or undefined when this user has no such state.
     */
    async consume(userId: string, stateHash: string): Promise<{ expiresAt: Date } | undefined> {
      const row = await db
        .deleteFrom('github_oauth_states')
        .where('user_id', '=', userId)
        .where('state_hash', '=', stateHash)
        .returning('expires_at')
        .executeTakeFirst();
      return row ? { expiresAt: row.expires_at } : undefined;
    },
  };
}
export type GithubOauthStatesRepository = ReturnType<typeof createGithubOauthStatesRepository>;
