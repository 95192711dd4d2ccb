import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../../test/test-support/test-database.js';

/** Records each query's kind and first table, in order: the database work of a request. */
function queryRecorder(): KyselyPlugin & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    transformQuery({ node }: PluginTransformQueryArgs) {
      const table = /"kind":"TableNode".*?"name":"([^"]+)"/.exec(JSON.stringify(node))?.[1];
      queries.push(`${node.kind} ${table ?? ''}`);
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs) {
      return result;
    },
  };
}

/**
 * Whether an account exists must not show in what a failed sign-in costs: a wrong password for
 * an existing account and any password for an unknown address make the same database calls,
 * in the same order (the Argon2id verification is the same too: a dummy hash of the same cost).
 */
describe.each(databaseKinds())('a failed sign-in on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  const recorder = queryRecorder();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.handle.db.withPlugin(recorder);
    t = await createTestApp({ ...database, handle: { ...database.handle, db } });
    await signUp(t, 'known@example.com');
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });

  const workOf = async (email: string) => {
    recorder.queries.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password: 'Wrong#Guess42x' },
    });
    expect(res.statusCode).toBe(401);
    // The rate limiter removes expired hits now and then, at random: not the account's doing.
    return recorder.queries.filter((query) => query !== 'DeleteQueryNode rate_limit_hits');
  };

  it('does the same database work for an existing and an unknown address', async () => {
    const known = await workOf('known@example.com');
    const unknown = await workOf('nobody@example.com');
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
  });
});
