import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { BundleStore } from './bundle-store.js';
import { pageText } from './page-text.js';
import { ToolInputError } from './tool-error.js';
import { nextPageHint, plural, textResult } from './tool-result.js';

export const bundleIdField = z.string().min(1).describe('The bundle_id pack_codebase answered.');
export const pageField = z
  .number()
  .int()
  .min(1)
  .optional()
  .describe('Page of a long answer, from 1 (default 1).');

const inputShape = {
  bundle_id: bundleIdField,
  chunk: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('A chunk to read, from 1. Give chunk or file; neither reads the overview.'),
  file: z
    .string()
    .min(1)
    .optional()
    .describe('A file to read, by its path in the bundle (as list_bundle_files shows it).'),
  page: pageField,
};

export function registerReadBundle(server: McpServer, store: BundleStore): void {
  server.registerTool(
    'read_bundle',
    {
      title: 'Read a packed bundle',
      description:
        'Reads part of a packed bundle: the overview (default), one chunk as rendered, or one file as packed (cleaned, redacted as asked). Long texts come in pages of about 20,000 characters cut at line ends; the answer says how to get the next page.',
      inputSchema: inputShape,
      annotations: { readOnlyHint: true },
    },
    async (args) => {
      if (args.chunk !== undefined && args.file !== undefined) {
        throw new ToolInputError('Give chunk or file, not both.');
      }
      const bundle = store.get(args.bundle_id);
      let what: string;
      let text: string;
      if (args.chunk !== undefined) {
        text = await store.readChunk(bundle, args.chunk);
        what = `Chunk ${args.chunk} of ${bundle.chunks.length}`;
      } else if (args.file !== undefined) {
        const file = store.findFile(bundle, args.file);
        text = await store.readFile(file, bundle);
        what = `File ${file.path} (${plural(file.lines, 'line')}, ${plural(file.tokens, 'token')})`;
      } else {
        text = await store.readOverview(bundle);
        what = `Overview ${bundle.overviewFile}`;
      }
      const page = args.page ?? 1;
      const shown = pageText(text, page);
      if (!shown) {
        const pages = pageText(text, 1)?.pages ?? 1;
        throw new ToolInputError(`${what} has ${plural(pages, 'page')}; there is no page ${page}.`);
      }
      const call = `read_bundle${args.chunk !== undefined ? ` with chunk: ${args.chunk}` : args.file !== undefined ? ` with file: "${args.file}"` : ''}`;
      const header = `${what} of bundle ${bundle.id}, lines ${shown.firstLine}-${shown.lastLine}. ${nextPageHint(shown.page, shown.pages, call)}`;
      // The page follows a blank line after the header, so the pages put together are the text.
      return textResult(`${header}\n\n${shown.text}`);
    },
  );
}
