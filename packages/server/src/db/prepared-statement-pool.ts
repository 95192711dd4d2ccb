import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Error routines after which a connection's prepared statement cannot be used again: its table
 * changed shape under it (a migration while the process runs), or the statement is gone (a
 * pooler reset the session).
 */
const STALE_STATEMENT_ROUTINES = new Set(['RevalidateCachedQuery', 'FetchPreparedStatement']);

function isStaleStatement(error: unknown): boolean {
  const routine = (error as { routine?: unknown } | null)?.routine;
  return typeof routine === 'string' && STALE_STATEMENT_ROUTINES.has(routine);
}

/**
 * The pg pool as Kysely's dialect sees it, with every parameterised statement prepared by name:
 * PostgreSQL parses and plans a query once per connection and then only binds and runs it. On a
 * two-core machine under load the database's parse and plan of each request's queries took CPU
 * the API process needed; the queries an API serves are few and repeat endlessly.
 *
 * Names are given to at most `maxStatements` distinct texts per process (each costs a few
 * kilobytes per connection on the server); any further text runs unnamed, as before. A statement
 * made stale by a migration is prepared again under a new name, and the query retried once
 * unless it was inside a transaction (which the error has ended: the caller's retry logic or
 * the client sees it, as with any other error).
 */
export function preparedStatementPool(pool: pg.Pool, maxStatements = 500): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < maxStatements) {
      name = `rb${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  // Per connection and text: how many times that statement went stale, so its new parse uses
  // a fresh name (the old one still exists on the server and cannot be parsed again). The
  // connection's other statements keep theirs.
  const generations = new WeakMap<pg.PoolClient, Map<string, number>>();
  const generationOf = (client: pg.PoolClient, text: string) =>
    generations.get(client)?.get(text) ?? 0;

  async function run(
    client: pg.PoolClient,
    text: string,
    values: readonly unknown[],
  ): Promise<pg.QueryResult> {
    const base = values.length > 0 ? nameOf(text) : undefined;
    if (base === undefined) return client.query(text, [...values]);
    const named = () => {
      const generation = generationOf(client, text);
      const name = generation === 0 ? base : `${base}_${generation}`;
      return client.query({ name, text, values: [...values] });
    };
    try {
      return await named();
    } catch (error) {
      if (!isStaleStatement(error)) throw error;
      const stale = generations.get(client) ?? new Map<string, number>();
      stale.set(text, generationOf(client, text) + 1);
      generations.set(client, stale);
      if (client.getTransactionStatus() !== 'I') throw error;
      return named();
    }
  }

  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        // Only the text form is ever called (the dialect is given no cursor constructor), and
        // pg's result is Kysely's with `command` typed as any string.
        query: ((text: string, values: readonly unknown[]) =>
          run(client, text, values)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
