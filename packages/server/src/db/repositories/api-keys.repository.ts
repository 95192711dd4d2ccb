import type { ColumnType, Selectable } from 'kysely';
import type { Executor } from './executor.js';

// Kept beside its only repository rather than in schema.ts: no other module reads this table.
interface ApiKeysTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: ColumnType<string, string, never>;
  name: string;
  scope: ColumnType<string, string, never>;
  key_hash: ColumnType<string, string, never>;
  prefix: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: ColumnType<Date | null, Date | null | undefined, never>;
  last_used_at: ColumnType<Date | null, never, Date>;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;

export function createApiKeysRepository(executor: Executor) {
  const db = executor.withTables<{ api_keys: ApiKeysTable }>();
  return {
    insert(row: {
      userId: string;
      name: string;
      scope: string;
      keyHash: string;
      prefix: string;
      createdAt: Date;
      expiresAt: Date | null;
    }): Promise<ApiKeyRow> {
      return db
        .insertInto('api_keys')
        .values({
          user_id: row.userId,
          name: row.name,
          scope: row.scope,
          key_hash: row.keyHash,
          prefix: row.prefix,
          created_at: row.createdAt,
          expires_at: row.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Newest first. */
    listForUser(userId: string): Promise<ApiKeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },

    async countForUser(userId: string): Promise<number> {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('key_hash', '=', keyHash)
        .executeTakeFirst();
    },

    /** Whether the user had such a key; another user's key is left alone. */
    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('api_keys')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Records a use, at most once per `every` ms per key: not a write on every request. */
    async touch(id: string, now: Date, everyMs: number): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('last_used_at', 'is', null),
            eb('last_used_at', '<', new Date(now.getTime() - everyMs)),
          ]),
        )
        .execute();
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
