import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config/config.js';
import { resolveSecrets } from './config/server-secrets.js';
import { migrate } from './db/migrate.js';
import { openDatabase, type DatabaseHandle } from './db/open-database.js';
import { startWorker, type RunningWorker } from './jobs/worker.js';
import { startHealthServer } from './health-server.js';

export interface RunningServer {
  app: FastifyInstance | null;
  database: DatabaseHandle;
  url: string | null;
  /** The job worker of ROLE=all and ROLE=worker. */
  worker: RunningWorker | null;
  /** ROLE=worker with HEALTH_PORT: where its /healthz and /metrics answer. */
  healthUrl: string | null;
  stop(): Promise<void>;
}

/**
 * Start-up in order: secrets into DATA_DIR, database, migrations, then the roles asked for.
 * ROLE=worker builds the same services without listening; ROLE=api does not consume jobs.
 */
export async function startServer(baseConfig: Config): Promise<RunningServer> {
  const config = resolveSecrets(baseConfig);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          maxConnections: config.databasePoolSize,
          statementTimeoutMs: config.databaseStatementTimeoutSeconds * 1000,
          lockTimeoutMs: config.databaseLockTimeoutSeconds * 1000,
          preparedStatements: config.databasePreparedStatements,
        }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  let url: string | null = null;
  const app = await buildApp({ config, database });
  const worker: RunningWorker | null =
    config.role === 'api'
      ? null
      : await startWorker(app.services, {
          onStage: (stage, seconds) => app.metrics.observeStage(stage, seconds),
          onOutcome: (outcome) => app.metrics.observeOutcome(outcome),
          onPacked: (bytes, seconds) => app.metrics.observeThroughput(bytes, seconds),
        });
  // A worker does not serve the API; its probes and metrics get a port of their own.
  const health =
    config.role === 'worker' && config.healthPort !== null
      ? await startHealthServer(app, config.host, config.healthPort)
      : null;
  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    app.log.info(
      {
        url,
        database: database.kind,
        mail: config.smtpUrl ? 'smtp' : 'outbox',
        role: config.role,
      },
      config.smtpUrl
        ? 'RepoBundle is running'
        : 'RepoBundle is running; mail goes to the outbox: read it with `npm run admin -- outbox`',
    );
  }
  return {
    app: config.role === 'worker' ? null : app,
    database,
    url,
    worker,
    healthUrl: health?.url ?? null,
    /**
     * Stops in dependency order. At once, both sides stop taking work: the HTTP side takes no
     * new request (a balancer sends them to another process) and answers those it has, and
     * the worker takes no new job and lets running ones finish or hands them back within the
     * grace period, while the queue, storage and database still work. Then the app (queue,
     * mail, rate-limit store), then the database.
     */
    async stop() {
      await Promise.all([
        worker?.stop(),
        config.role === 'worker' ? null : app.drain.stopAccepting(),
      ]);
      await health?.close();
      await app.close();
      await database.close();
    },
  };
}
