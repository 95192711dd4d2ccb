import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPglitePool } from './pglite-pool.js';
import { preparedStatementPool } from './prepared-statement-pool.js';
import type { Database } from './schema.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      maxConnections?: number;
      /** Longest a statement may run before PostgreSQL cancels it; 0 or absent: no limit. */
      statementTimeoutMs?: number;
      /** Longest a statement may wait for a lock; 0 or absent: no limit. */
      lockTimeoutMs?: number;
      /** Prepare queries by name once per connection (default on). */
      preparedStatements?: boolean;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; instance: PGlite };

/** Opens the configured database: PostgreSQL when a URL is given, PGlite in a folder otherwise. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      // Sent as startup parameters: every statement of every connection is bounded, so a stuck
      // query or a lock held elsewhere cannot keep a request or a job waiting forever.
      ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : {}),
      ...(target.lockTimeoutMs ? { lock_timeout: target.lockTimeoutMs } : {}),
    });
    // An idle connection the server drops (a restart, an administrator's terminate) is removed
    // from the pool and replaced on next use; unhandled, pg's 'error' event would end the process.
    pool.on('error', () => undefined);
    const dialect = new PostgresDialect({
      pool: target.preparedStatements === false ? pool : preparedStatementPool(pool),
    });
    const db = new Kysely<Database>({ dialect });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite: PGlite;
  let ownsInstance = false;
  if ('instance' in target) {
    pglite = target.instance;
  } else {
    mkdirSync(target.dataDir, { recursive: true });
    pglite = await PGlite.create(target.dataDir);
    ownsInstance = true;
  }
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: createPglitePool(pglite) }),
  });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      if (ownsInstance) await pglite.close();
    },
  };
}
