import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './repositories/executor.js';

/** Stands for a parameter while a query is built and compiled once. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled by Kysely once, then run with new parameter values each time. For
 * the queries the API answers most often: Kysely's builder and compiler (immutable, frozen
 * nodes visited on every call) cost more CPU than such a query's round trip to the database,
 * and the same text each time lets the prepared-statement pool find its name at once.
 *
 * `build` receives a stand-in for each parameter (use each only where a value goes, as in
 * `where('id', '=', params.id)` or `limit(params.limit)`; never in a computation, which would
 * compute with the stand-in).
 */
export function compileOnce<P extends Record<string, unknown>, Row>(
  db: Executor,
  names: readonly (keyof P & string)[],
  build: (params: P) => Compilable<Row>,
): (params: P) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | undefined;
  return async (params) => {
    compiled ??= build(
      Object.fromEntries(names.map((name) => [name, new Slot(name)])) as unknown as P,
    ).compile();
    const values = compiled.parameters.map((value) =>
      value instanceof Slot ? params[value.name] : value,
    );
    const result = await db.executeQuery<Row>({ ...compiled, parameters: values });
    return result.rows;
  };
}
