import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** Any fixed number shared by every worker of every version: the sweeper's advisory lock. */
export const SWEEPER_LOCK_KEY = 7_305_155_002;

export interface SweeperElection {
  /** True while this process is the cluster's one sweeper (tries to become it if none is). */
  holdsRole(): Promise<boolean>;
  /** Gives the role up so another worker takes it at its next sweep. */
  release(): Promise<void>;
}

/**
 * One sweeper per cluster. On PostgreSQL the role is a session advisory lock held on a
 * connection of its own (not the pool's, where a lock would follow whichever query borrowed
 * the connection): the process that holds it sweeps; when it dies, its connection closes, the
 * lock is freed and another worker takes it at its next try. The embedded database has one
 * process by construction, so it always sweeps.
 */
export function createSweeperElection(
  url: string | null,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): SweeperElection {
  if (!url) return { holdsRole: async () => true, release: async () => undefined };

  let client: pg.Client | null = null;
  let held = false;
  const drop = () => {
    const old = client;
    client = null;
    held = false;
    if (old) void old.end().catch(() => undefined);
  };
  return {
    async holdsRole() {
      if (held && client) {
        // The lock lives as long as the connection; a dropped connection lost it.
        try {
          await client.query('select 1');
          return true;
        } catch {
          drop();
        }
      }
      try {
        if (!client) {
          const fresh = new pg.Client({ connectionString: url });
          fresh.on('error', () => drop());
          client = fresh;
          await fresh.connect();
        }
        const result = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [SWEEPER_LOCK_KEY],
        );
        held = result.rows[0]?.locked === true;
        if (held) logger.info('this worker is now the cluster sweeper');
        return held;
      } catch (error) {
        logger.warn({ err: error }, 'sweeper election failed; trying again next sweep');
        drop();
        return false;
      }
    },
    async release() {
      const old = client;
      client = null;
      held = false;
      if (old) await old.end().catch(() => undefined);
    },
  };
}
