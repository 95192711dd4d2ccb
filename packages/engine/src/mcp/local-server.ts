import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BundleStore } from './bundle-store.js';
import { registerBundleResources } from './bundle-resources.js';
import { registerGrepBundle } from './grep-bundle-tool.js';
import { registerListBundleFiles } from './list-bundle-files-tool.js';
import type { PackSettings } from './pack-codebase-tool.js';
import { registerPackCodebase } from './pack-codebase-tool.js';
import { registerReadBundle } from './read-bundle-tool.js';

/** The local MCP server: pack a codebase, then read, search and list the bundle it made. */
export function createLocalMcpServer(
  store: BundleStore,
  settings: PackSettings,
  version: string,
): McpServer {
  const server = new McpServer(
    { name: 'repobundle', version },
    {
      instructions:
        'Pack a folder, ZIP or git repository with pack_codebase, then use its bundle_id with list_bundle_files, read_bundle and grep_bundle. Long answers come in pages.',
    },
  );
  registerPackCodebase(server, store, settings);
  registerReadBundle(server, store);
  registerGrepBundle(server, store);
  registerListBundleFiles(server, store);
  registerBundleResources(server, store);
  return server;
}
