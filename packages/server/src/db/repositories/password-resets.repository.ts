import type { Executor } from './executor.js';

export function createPasswordResetsRepository(db: Executor) {
  return {
    async insert(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
    },

    /** Uses a live link in one statement, so a link works once even under concurrent requests. */
    async consume(userId: string, tokenHash: string, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Ends every other open link of the user (a new request or a completed reset). */
    async invalidateAll(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;
