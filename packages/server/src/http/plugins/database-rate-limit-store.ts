import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

interface RateLimitHitsTable {
  key: string;
  hits: number;
  expires_at: Date;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What the plugin passes to child(): the route's limit options with the route itself. */
interface RouteLimitOptions {
  routeInfo?: { method: string | string[]; url: string };
}

/** Expired counters are deleted now and then, by whichever request happens to draw this. */
const CLEANUP_PROBABILITY = 0.01;

/** Root key prefix; a route's counters add its method and URL, then `:` and the client. */
export const DATABASE_KEY_PREFIX = 'rate-limit:';

export async function forgetDatabaseCounter(database: Kysely<Database>, key: string) {
  const db = database.withTables<{ rate_limit_hits: RateLimitHitsTable }>();
  await db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
}

/**
 * @fastify/rate-limit's store interface over the app's database: every API process counts in
 * the same rows, so N processes behind a balancer allow the limit once, not N times. One
 * upsert per request; the database's clock decides windows, so processes need not agree on time.
 */
export function createDatabaseRateLimitStore(database: Kysely<Database>) {
  const db = database.withTables<{ rate_limit_hits: RateLimitHitsTable }>();

  async function increment(key: string, windowMs: number) {
    if (Math.random() < CLEANUP_PROBABILITY) {
      await db
        .deleteFrom('rate_limit_hits')
        .where('expires_at', '<', sql<Date>`now()`)
        .execute();
    }
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, hits: 1, expires_at: sql<Date>`now() + ${window}` })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql`case when rate_limit_hits.expires_at <= now() then 1
            else rate_limit_hits.hits + 1 end`,
          expires_at: sql`case when rate_limit_hits.expires_at <= now() then now() + ${window}
            else rate_limit_hits.expires_at end`,
        }),
      )
      .returning([
        'hits',
        sql<number>`ceil(extract(epoch from (expires_at - now())) * 1000)::integer`.as('ttl'),
      ])
      .executeTakeFirstOrThrow();
    return { current: row.hits, ttl: Math.max(0, Number(row.ttl)) };
  }

  return class DatabaseRateLimitStore {
    readonly prefix: string;

    /** The plugin constructs the root store with its options; children get their key prefix. */
    constructor(prefixOrOptions?: unknown) {
      this.prefix = typeof prefixOrOptions === 'string' ? prefixOrOptions : DATABASE_KEY_PREFIX;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      increment(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      const route = (routeOptions as RouteLimitOptions).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : route?.method;
      return new DatabaseRateLimitStore(`${this.prefix}${method ?? ''}${route?.url ?? ''}:`);
    }
  };
}
