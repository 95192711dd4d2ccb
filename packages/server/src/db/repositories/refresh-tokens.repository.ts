import type { Selectable } from 'kysely';
import type { RefreshTokensTable } from '../schema.js';
import type { Executor } from './executor.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

export function createRefreshTokensRepository(db: Executor) {
  return {
    async insert(row: {
      familyId: string;
      userId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({
          family_id: row.familyId,
          user_id: row.userId,
          token_hash: row.tokenHash,
          expires_at: row.expiresAt,
        })
        .execute();
    },

    /**
     * Marks a live token as used in one statement: of two concurrent refreshes with the same
     * token only one gets the row back.
     */
    claim(tokenHash: string, now: Date): Promise<RefreshTokenRow | undefined> {
      return db
        .updateTable('refresh_tokens')
        .set({ rotated_at: now })
        .where('token_hash', '=', tokenHash)
        .where('rotated_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
    },

    findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
