import type { KyselyPlugin, PluginTransformQueryArgs } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-support/test-database.js';
import { createPlansRepository } from './plans.repository.js';

describe('plans repository', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('reads a plan once, then answers from memory', async () => {
    let planQueries = 0;
    const counter: KyselyPlugin = {
      transformQuery({ node }: PluginTransformQueryArgs) {
        if (JSON.stringify(node).includes('"name":"plans"')) planQueries++;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const plans = createPlansRepository(database.handle.db.withPlugin(counter));
    const first = await plans.findById('starter');
    const second = await plans.findById('starter');
    expect(first).toMatchObject({ id: 'starter', maxLinesPerJob: 750_000 });
    expect(second).toEqual(first);
    expect(planQueries).toBe(1);
  });

  it('does not remember a plan that does not exist', async () => {
    const plans = createPlansRepository(database.handle.db);
    expect(await plans.findById('no-such-plan')).toBeUndefined();
    expect(await plans.findById('pro')).toMatchObject({ id: 'pro' });
  });
});
