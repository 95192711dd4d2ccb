import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];
const COMMANDS: readonly string[] = ['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'];

function commandOf(sql: string, result: Results): Command {
  const word = (result.command ?? /^\s*(\w+)/.exec(sql)?.[1] ?? 'SELECT').toUpperCase();
  return (COMMANDS.includes(word) ? word : 'SELECT') as Command;
}

/**
 * A node-postgres-shaped pool over one PGlite instance, so Kysely's own PostgresDialect runs the
 * same SQL on PGlite and PostgreSQL. PGlite has a single backend: the pool hands out one
 * client at a time, which also keeps Kysely's transactions (BEGIN ... COMMIT on one client)
 * from interleaving with other queries.
 */
export function createPglitePool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  async function run(sql: string, parameters: ReadonlyArray<unknown>): Promise<Results> {
    // Parameterless text may hold several statements (migrations): the simple protocol runs them.
    if (parameters.length === 0) {
      const results = await pglite.exec(sql);
      return results[results.length - 1] ?? { rows: [], fields: [] };
    }
    return pglite.query<Record<string, unknown>>(sql, [...parameters]);
  }

  return {
    async connect() {
      let release!: () => void;
      const previous = queue;
      queue = new Promise<void>((resolve) => (release = resolve));
      await previous;
      let released = false;
      const client = {
        async query(sql: string, parameters: ReadonlyArray<unknown>) {
          const result = await run(sql, parameters);
          const rows = result.rows as unknown[];
          return {
            command: commandOf(sql, result),
            rowCount: result.affectedRows ?? rows.length,
            rows,
          };
        },
        release() {
          if (released) return;
          released = true;
          release();
        },
      };
      return client as unknown as PostgresPoolClient;
    },
    async end() {
      await queue;
    },
  };
}
