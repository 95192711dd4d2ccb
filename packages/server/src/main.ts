import { ConfigError, readConfig } from './config/config.js';
import { startServer } from './start-server.js';

// `node packages/server/dist/main.js`: configuration from the environment.
async function main(): Promise<void> {
  let config;
  try {
    config = readConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const server = await startServer(config);
  if (config.role === 'worker') {
    const probes = server.healthUrl ? `; /healthz and /metrics at ${server.healthUrl}` : '';
    console.log(`ROLE=worker: processing jobs${probes}; stop with SIGTERM.`);
  }
  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    console.log(`${signal}: shutting down`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (config.role === 'worker') setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
