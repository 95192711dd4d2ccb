import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { BundleStore, StoredFile } from './bundle-store.js';
import { pageItems } from './page-text.js';
import { bundleIdField, pageField } from './read-bundle-tool.js';
import { ToolInputError } from './tool-error.js';
import { nextPageHint, numberFormat, plural, textResult } from './tool-result.js';

export const FILES_PER_PAGE = 200;

const inputShape = {
  bundle_id: bundleIdField,
  sort_by: z
    .enum(['path', 'tokens'])
    .optional()
    .describe('path: the bundle order (default); tokens: the largest first.'),
  page: pageField,
};

export function registerListBundleFiles(server: McpServer, store: BundleStore): void {
  server.registerTool(
    'list_bundle_files',
    {
      title: 'List the files of a packed bundle',
      description: `Lists the files of a packed bundle with their tokens, lines and the chunks that hold them, ${FILES_PER_PAGE} a page.`,
      inputSchema: inputShape,
      annotations: { readOnlyHint: true },
    },
    async (args) => {
      const bundle = store.get(args.bundle_id);
      const files =
        args.sort_by === 'tokens'
          ? [...bundle.files].sort((a, b) => b.tokens - a.tokens || compare(a.path, b.path))
          : bundle.files;
      const page = args.page ?? 1;
      const shown = pageItems(files, page, FILES_PER_PAGE);
      if (!shown) {
        const pages = Math.max(1, Math.ceil(files.length / FILES_PER_PAGE));
        throw new ToolInputError(
          `Bundle ${bundle.id} lists its ${plural(files.length, 'file')} on ${plural(pages, 'page')}; there is no page ${page}.`,
        );
      }
      const header = [
        `Bundle ${bundle.id}: ${plural(files.length, 'file')}, ${plural(bundle.statistics.tokens, 'token')}.`,
        nextPageHint(
          page,
          shown.pages,
          `list_bundle_files${args.sort_by ? ` with sort_by: "${args.sort_by}"` : ''}`,
        ),
        '',
        `${'tokens'.padStart(9)}  ${'lines'.padStart(7)}  chunks  path`,
      ];
      const rows = shown.items.map(
        (file) =>
          `${numberFormat.format(file.tokens).padStart(9)}  ${numberFormat.format(file.lines).padStart(7)}  ${chunkRange(file).padEnd(6)}  ${file.path}`,
      );
      return textResult([...header, ...rows].join('\n'), {
        files: shown.items.map((file) => ({
          path: file.path,
          tokens: file.tokens,
          lines: file.lines,
          chunks: file.chunks,
        })),
        total_files: files.length,
        page,
        pages: shown.pages,
      });
    },
  );
}

function chunkRange(file: StoredFile): string {
  const first = file.chunks[0];
  const last = file.chunks[file.chunks.length - 1];
  if (first === undefined || last === undefined) return '-';
  return first === last ? String(first) : `${first}-${last}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
