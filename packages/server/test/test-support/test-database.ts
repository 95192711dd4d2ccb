import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseKind,
} from '../../src/db/open-database.js';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI). */
export function databaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL: the database's URL, for a server process of its own to use. */
  url?: string;
  /** Empties every table but the seeded plans, between tests. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

const DATA_TABLES = [
  'upload_chunks',
  'uploads',
  'jobs',
  'credit_transactions',
  'credit_balances',
  'refresh_tokens',
  'email_verifications',
  'password_resets',
  'email_changes',
  'outbox_mail',
  'login_failures',
  'rate_limit_hits',
  'api_keys',
  'waitlist',
  'users',
];

// DELETE, not TRUNCATE: on these tiny tables it is several times faster, above all in PGlite
// where TRUNCATE rewrites files.
async function truncateAll(handle: DatabaseHandle) {
  await sql.raw(DATA_TABLES.map((table) => `delete from ${table};`).join('\n')).execute(handle.db);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The installed PGlite version: a dump is only loaded by the version that wrote it. */
function pgliteVersion(): string {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * PGlite's initdb plus migrations take seconds; a migrated data directory is dumped once per
 * machine and migration set, and every test file loads that dump (about a second). Parallel
 * test processes agree on who builds it through an exclusive lock directory.
 */
async function migratedTemplate(): Promise<Blob> {
  const migrations = loadMigrations();
  const key = createHash('sha256')
    .update(JSON.stringify(migrations))
    .update(pgliteVersion())
    .digest('hex')
    .slice(0, 16);
  const file = join(tmpdir(), `repobundle-pglite-template-${key}.tar`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 120_000;
  while (!existsSync(file)) {
    try {
      mkdirSync(lock);
    } catch {
      const isStale = existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000;
      if (isStale) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await sleep(200);
      continue;
    }
    try {
      const pglite = await PGlite.create();
      const handle = await openDatabase({ kind: 'pglite', instance: pglite });
      await migrate(handle.db, migrations);
      const dump = await pglite.dumpDataDir('none');
      await handle.close();
      await pglite.close();
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return new Blob([readFileSync(file)]);
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const pglite = await PGlite.create({ loadDataDir: await migratedTemplate() });
  const handle = await openDatabase({ kind: 'pglite', instance: pglite });
  return {
    handle,
    reset: () => truncateAll(handle),
    async destroy() {
      await handle.close();
      await pglite.close();
    },
  };
}

/** A fresh database per test file on the shared server, dropped afterwards. */
async function createPostgresDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 5 });
  await migrate(handle.db);
  return {
    handle,
    url: url.toString(),
    reset: () => truncateAll(handle),
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'postgres' ? createPostgresDatabase() : createPgliteDatabase();
}
