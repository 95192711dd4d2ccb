import { rmSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BundleStore } from '../mcp/bundle-store.js';
import { createLocalMcpServer } from '../mcp/local-server.js';
import { cacheSettings } from './cache-settings.js';

/**
 * `repobundle mcp`: the MCP server on stdin and stdout (stdout carries only the protocol). The
 * session's bundles and any clone in progress are removed when the client closes stdin, on
 * SIGINT and SIGTERM, and on any other exit.
 */
export async function runMcpServer(version: string): Promise<void> {
  // A library that logs with console.log would break the protocol: its lines go to stderr.
  console.log = console.info = console.debug = console.error;
  const cache = cacheSettings();
  const store = await BundleStore.open();
  const clones = new Set<string>();
  const cleanUp = () => {
    store.removeAll();
    for (const clone of clones) rmSync(clone, { recursive: true, force: true, maxRetries: 3 });
  };
  process.on('exit', cleanUp);
  const stop = () => process.exit(0);
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  const server = createLocalMcpServer(
    store,
    { env: process.env, cache, onCloneFolder: (path) => clones.add(path) },
    version,
  );
  await server.connect(new StdioServerTransport());
}
