import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { matchPatterns } from '../core/select/index.js';
import type { BundleStore, StoredBundle, StoredFile } from './bundle-store.js';
import { bundleIdField, pageField } from './read-bundle-tool.js';
import type { SearchHit } from './search-lines.js';
import {
  SearchPatternError,
  compileSearchPattern,
  matchingLines,
  renderFileHits,
  splitLines,
} from './search-lines.js';
import { ToolInputError } from './tool-error.js';
import { nextPageHint, numberFormat, plural, textResult } from './tool-result.js';

export const MATCHES_PER_PAGE = 25;
/** The search stops counting here: a pattern this common wants narrowing, not paging. */
export const MAX_COUNTED_MATCHES = 10_000;
const MAX_CONTEXT_LINES = 5;

const inputShape = {
  bundle_id: bundleIdField,
  pattern: z
    .string()
    .min(1)
    .describe('A regular expression (JavaScript syntax), matched line by line.'),
  ignore_case: z.boolean().optional().describe('Match regardless of case (default false).'),
  context_lines: z
    .number()
    .int()
    .min(0)
    .max(MAX_CONTEXT_LINES)
    .optional()
    .describe(`Lines shown before and after each match, 0 to ${MAX_CONTEXT_LINES} (default 2).`),
  paths: z
    .array(z.string().min(1))
    .optional()
    .describe('Only files matching these patterns (gitignore syntax), e.g. ["src/", "*.ts"].'),
  page: pageField,
};

export function registerGrepBundle(server: McpServer, store: BundleStore): void {
  server.registerTool(
    'grep_bundle',
    {
      title: 'Search a packed bundle',
      description: `Searches the files of a packed bundle (as packed) for a regular expression, line by line; answers with each match's file and line number and lines of context, ${MATCHES_PER_PAGE} matches a page.`,
      inputSchema: inputShape,
      annotations: { readOnlyHint: true },
    },
    async (args) => {
      const bundle = store.get(args.bundle_id);
      let pattern: RegExp;
      try {
        pattern = compileSearchPattern(args.pattern, args.ignore_case ?? false);
      } catch (error) {
        if (error instanceof SearchPatternError) throw new ToolInputError(error.message);
        throw error;
      }
      const files = filesToSearch(bundle, args.paths);
      const { hits, complete } = await searchFiles(store, bundle, files, pattern);
      const total = `${complete ? '' : 'at least '}${plural(hits.length, 'match', 'matches')}`;
      const where = `/${args.pattern}/${args.ignore_case ? 'i' : ''}`;
      if (hits.length === 0) {
        return textResult(
          `No match of ${where} in ${plural(files.length, 'file')} of bundle ${bundle.id}.`,
          { matches: 0, pages: 1 },
        );
      }
      const page = args.page ?? 1;
      const pages = Math.ceil(hits.length / MATCHES_PER_PAGE);
      if (page > pages) {
        throw new ToolInputError(
          `The search has ${total}, ${plural(pages, 'page')}; there is no page ${page}.`,
        );
      }
      const first = (page - 1) * MATCHES_PER_PAGE;
      const shown = hits.slice(first, first + MATCHES_PER_PAGE);
      const blocks = await renderHits(store, bundle, shown, args.context_lines ?? 2, pattern);
      const fileCount = new Set(hits.map((hit) => hit.path)).size;
      const header = [
        `${total} of ${where} in ${plural(fileCount, 'file')} of bundle ${bundle.id}; matches ${numberFormat.format(first + 1)}-${numberFormat.format(first + shown.length)}.`,
        nextPageHint(page, pages, 'grep_bundle with the same arguments'),
        ...(complete
          ? []
          : [
              `The search stopped after ${numberFormat.format(MAX_COUNTED_MATCHES)} matches: narrow the pattern or the paths.`,
            ]),
      ].join(' ');
      return textResult(`${header}\n\n${blocks}`, {
        matches: hits.length,
        complete,
        page,
        pages,
      });
    },
  );
}

function filesToSearch(
  bundle: StoredBundle,
  patterns: readonly string[] | undefined,
): StoredFile[] {
  if (!patterns || patterns.length === 0) return [...bundle.files];
  const decided = matchPatterns(
    patterns,
    bundle.files.map((file) => file.path),
  );
  return bundle.files.filter((_, index) => decided[index]?.ignored);
}

async function searchFiles(
  store: BundleStore,
  bundle: StoredBundle,
  files: readonly StoredFile[],
  pattern: RegExp,
): Promise<{ hits: SearchHit[]; complete: boolean }> {
  const hits: SearchHit[] = [];
  for (const file of files) {
    const text = await store.readFile(file, bundle);
    for (const line of matchingLines(text, pattern)) {
      if (hits.length === MAX_COUNTED_MATCHES) return { hits, complete: false };
      hits.push({ path: file.path, line });
    }
  }
  return { hits, complete: true };
}

async function renderHits(
  store: BundleStore,
  bundle: StoredBundle,
  hits: readonly SearchHit[],
  context: number,
  pattern: RegExp,
): Promise<string> {
  const byFile = new Map<string, number[]>();
  for (const hit of hits) byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit.line]);
  const sections: string[] = [];
  for (const [path, lines] of byFile) {
    const file = store.findFile(bundle, path);
    const text = splitLines(await store.readFile(file, bundle));
    sections.push(`${path}\n${renderFileHits(text, lines, context, pattern)}`);
  }
  return sections.join('\n\n');
}
