import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import type { DatabaseHandle } from '../../src/db/open-database.js';
import type { Database } from '../../src/db/schema.js';

/** Answers every query with no rows, or fails every query: for HTTP tests that need no data. */
class FailingDriver extends DummyDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    throw new Error('connection refused');
  }
}

export function createStubDatabase(behaviour: 'empty' | 'unreachable'): DatabaseHandle {
  const driver: Driver = behaviour === 'empty' ? new DummyDriver() : new FailingDriver();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, kind: 'postgres', close: () => db.destroy() };
}
