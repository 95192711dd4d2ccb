import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-support/test-database.js';
import { preparedStatementPool } from './prepared-statement-pool.js';

type Db = Kysely<Record<string, never>>;

/** The statements the one connection of `db` has prepared, by their text. */
async function preparedTexts(db: Db): Promise<string[]> {
  // Unparameterised, so this query itself is never prepared.
  const { rows } = await sql<{
    statement: string;
  }>`select statement from pg_prepared_statements order by statement`.execute(db);
  return rows.map((row) => row.statement);
}

// Prepared statements are PostgreSQL's; the embedded database serves one process without them.
describe.runIf(process.env.TEST_DATABASE_URL)('queries prepared by name on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** One connection, so every query below runs on the same session. */
  function open(maxStatements?: number): Db {
    const pool = new pg.Pool({ connectionString: database.url!, max: 1 });
    return new Kysely({
      dialect: new PostgresDialect({ pool: preparedStatementPool(pool, maxStatements) }),
    });
  }

  beforeEach(async () => {
    db = open();
    await sql`drop table if exists shapes`.execute(db);
    await sql`create table shapes (id integer primary key, name text)`.execute(db);
    await sql`insert into shapes values (1, 'one'), (2, 'two')`.execute(db);
  });
  afterEach(async () => {
    await db.destroy();
  });

  const selectShape = (id: number) =>
    sql<Record<string, unknown>>`select * from shapes where id = ${id}`.execute(db);

  it('prepares a parameterised query once and runs it again by name', async () => {
    expect((await selectShape(1)).rows).toEqual([{ id: 1, name: 'one' }]);
    expect((await selectShape(2)).rows).toEqual([{ id: 2, name: 'two' }]);
    expect(await preparedTexts(db)).toEqual(['select * from shapes where id = $1']);
  });

  it('prepares again and retries a query whose table changed shape since', async () => {
    await selectShape(1);
    await sql`alter table shapes add column colour text default 'red'`.execute(db);
    expect((await selectShape(1)).rows).toEqual([{ id: 1, name: 'one', colour: 'red' }]);
    expect((await selectShape(2)).rows).toEqual([{ id: 2, name: 'two', colour: 'red' }]);
  });

  it('prepares again only the statement that went stale, not the others of the connection', async () => {
    const countShapes = () =>
      sql<{ n: number }>`select count(*)::int as n from shapes where id > ${0}`.execute(db);
    await selectShape(1);
    await countShapes();
    await sql`alter table shapes add column colour text default 'red'`.execute(db);
    await selectShape(1);
    expect((await countShapes()).rows).toEqual([{ n: 2 }]);
    // The count's statement is still good: it stays prepared once, under its first name.
    expect(await preparedTexts(db)).toEqual([
      'select * from shapes where id = $1',
      'select * from shapes where id = $1',
      'select count(*)::int as n from shapes where id > $1',
    ]);
  });

  it('inside a transaction the stale statement ends it, and the next query outside works', async () => {
    await selectShape(1);
    await sql`alter table shapes add column colour text default 'red'`.execute(db);
    const inTransaction = db.transaction().execute(async (trx) => {
      await sql`select * from shapes where id = ${1}`.execute(trx);
    });
    await expect(inTransaction).rejects.toThrow(/cached plan must not change result type/);
    expect((await selectShape(2)).rows).toEqual([{ id: 2, name: 'two', colour: 'red' }]);
  });

  it('names at most the given number of texts and runs the rest unnamed', async () => {
    await db.destroy();
    db = open(2);
    const texts = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const { rows } = await sql<{ n: number }>`select ${n}::int + ${n * 10}::int as n`.execute(
          db,
        );
        return rows[0]!.n;
      }),
    );
    expect(texts).toEqual([11, 22, 33]);
    await sql`select ${'a'}::text as a`.execute(db);
    await sql`select ${'b'}::text as b`.execute(db);
    expect(await preparedTexts(db)).toEqual([
      'select $1::int + $2::int as n',
      'select $1::text as a',
    ]);
  });
});
