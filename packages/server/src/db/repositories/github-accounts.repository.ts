import type { Executor } from './executor.js';

/** The GitHub columns of users (0001): who the account is and its encrypted token. */
export function createGithubAccountsRepository(db: Executor) {
  return {
    async connect(userId: string, username: string, tokenEncrypted: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          github_username: username,
          github_token_encrypted: tokenEncrypted,
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
    },

    /** Clears the connection; false when there was none. */
    async disconnect(userId: string): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ github_username: null, github_token_encrypted: null, updated_at: new Date() })
        .where('id', '=', userId)
        .where('github_token_encrypted', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type GithubAccountsRepository = ReturnType<typeof createGithubAccountsRepository>;
