import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from './schema.js';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Migration {
  name: string;
  sql: string;
}

/** The schema that holds the job queue's tables (pg-boss). */
export const QUEUE_SCHEMA = 'pgboss';

/**
 * The job queue's tables, created by our migration run rather than by pg-boss at start: one
 * lock, one transaction, and test databases copied from a template already have them. pg-boss
 * wraps its plan in BEGIN/COMMIT; ours is the enclosing transaction.
 */
function queueMigration(): Migration {
  const plan = PgBoss.getConstructionPlans(QUEUE_SCHEMA)
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  return { name: '0003-job-queue (pg-boss 10 schema)', sql: plan };
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
  return [...files, queueMigration()].sort((a, b) => a.name.localeCompare(b.name));
}

// Any fixed number: every process of every version takes the same lock before migrating.
export const MIGRATION_LOCK_KEY = 7_305_155_001;

/**
 * Applies the migrations not yet recorded, in order, in one transaction. The transaction-scoped
 * advisory lock makes a second process starting at the same time wait, then find nothing to do.
 * Returns the names applied.
 */
export async function migrate(
  db: Kysely<Database>,
  migrations: Migration[] = loadMigrations(),
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // Unbounded here, whatever the server's limits: a migration may rewrite a large table, and a
    // process starting beside one that migrates must wait for it, not fail its start.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`set local lock_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.name));
    const fresh: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      fresh.push(migration.name);
    }
    return fresh;
  });
}
