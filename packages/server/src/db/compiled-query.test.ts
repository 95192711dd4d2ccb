import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-support/test-database.js';
import { compileOnce } from './compiled-query.js';

describe('a query compiled once', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('runs with each call’s values, a parameter used twice included, and compiles once', async () => {
    const { db } = database.handle;
    let builds = 0;
    const plansBetween = compileOnce(
      db,
      ['low', 'high', 'limit'],
      (params: { low: number; high: number; limit: number }) => {
        builds++;
        return db
          .selectFrom('plans')
          .select(['id', 'sort_order'])
          .where('sort_order', '>=', params.low)
          .where('sort_order', '<=', params.high)
          .where((eb) => eb.or([eb('sort_order', '=', params.low), eb('id', '!=', '')]))
          .orderBy('sort_order')
          .limit(params.limit);
      },
    );
    const all = await db
      .selectFrom('plans')
      .select(['id', 'sort_order'])
      .orderBy('sort_order')
      .execute();
    expect(all.length).toBeGreaterThan(2);
    const [first, second, third] = all.map((plan) => plan.sort_order);
    expect(await plansBetween({ low: first!, high: second!, limit: 10 })).toEqual(
      all.filter((plan) => plan.sort_order >= first! && plan.sort_order <= second!),
    );
    expect(await plansBetween({ low: second!, high: third!, limit: 1 })).toEqual(
      all.filter((plan) => plan.sort_order === second).slice(0, 1),
    );
    expect(builds).toBe(1);
  });
});
