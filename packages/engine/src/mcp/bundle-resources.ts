import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Resource } from '@modelcontextprotocol/sdk/types.js';
import type { BundleStore } from './bundle-store.js';
import { ToolInputError } from './tool-error.js';

// A bundle's overview and chunks are also resources, read whole: a client can attach a chunk
// as it is instead of asking for it page by page through read_bundle.

const MIME_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  yaml: 'application/yaml',
};

export function mimeTypeOf(extension: string): string {
  return MIME_TYPES[extension] ?? 'text/plain';
}

export function overviewResourceUri(bundleId: string): string {
  return `repobundle://bundles/${bundleId}/overview`;
}

export function chunkResourceUri(bundleId: string, index: number): string {
  return `repobundle://bundles/${bundleId}/chunks/${index}`;
}

export function registerBundleResources(server: McpServer, store: BundleStore): void {
  server.registerResource(
    'bundle-overview',
    new ResourceTemplate('repobundle://bundles/{bundle_id}/overview', {
      list: () => ({
        resources: store.list().map((bundle): Resource => ({
          uri: overviewResourceUri(bundle.id),
          name: `${bundle.id} ${bundle.overviewFile}`,
          mimeType: mimeTypeOf(bundle.extension),
        })),
      }),
    }),
    { description: 'The overview of a bundle packed in this session.' },
    async (uri, variables) => {
      const bundle = store.get(single(variables.bundle_id));
      const text = await store.readOverview(bundle);
      return { contents: [{ uri: uri.href, mimeType: mimeTypeOf(bundle.extension), text }] };
    },
  );
  server.registerResource(
    'bundle-chunk',
    new ResourceTemplate('repobundle://bundles/{bundle_id}/chunks/{index}', {
      list: () => ({
        resources: store.list().flatMap((bundle) =>
          bundle.chunks.map((chunk): Resource => ({
            uri: chunkResourceUri(bundle.id, chunk.index),
            name: `${bundle.id} ${chunk.fileName}`,
            mimeType: mimeTypeOf(bundle.extension),
          })),
        ),
      }),
    }),
    { description: 'One chunk of a bundle packed in this session, as rendered.' },
    async (uri, variables) => {
      const bundle = store.get(single(variables.bundle_id));
      const index = Number(single(variables.index));
      if (!Number.isInteger(index)) throw new ToolInputError(`No chunk "${variables.index}".`);
      const text = await store.readChunk(bundle, index);
      return { contents: [{ uri: uri.href, mimeType: mimeTypeOf(bundle.extension), text }] };
    },
  );
}

function single(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}
