import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  SearchPatternError,
  compileSearchPattern,
  matchingLines,
  renderFileHits,
  splitLines,
} from '@repobundle/engine';
import { z } from 'zod';
import { badRequest } from '../errors.js';
import { listOutputFiles, readOutputFile } from '../services/job-results.service.js';
import type { McpCaller } from './mcp-caller.js';
import { textResult, toolOutcome } from './tool-outcome.js';

export const MATCHES_PER_PAGE = 25;
/** The search stops counting here: a pattern this common wants narrowing, not paging. */
const MAX_COUNTED_MATCHES = 10_000;

interface Hit {
  readonly path: string;
  readonly line: number;
}

/**
 * grep_output_files: a regular expression over a job's chunk files (where the packed files'
 * text is), line by line, with context lines, a page of matches at a time.
 */
export function registerGrepOutputFiles(server: McpServer, caller: McpCaller): void {
  const { ctx, user } = caller;
  server.registerTool(
    'grep_output_files',
    {
      title: "Search a job's bundle",
      description: `Searches the chunk files of a job that succeeded for a regular expression (JavaScript syntax), line by line; answers with each match's chunk file, line number and lines of context, ${MATCHES_PER_PAGE} matches a page. Read around a match with read_output_file.`,
      inputSchema: {
        job_id: z.string().min(1),
        pattern: z.string().min(1).describe('A regular expression (JavaScript syntax).'),
        ignore_case: z.boolean().optional(),
        context_lines: z.number().int().min(0).max(5).optional().describe('Default 2.'),
        page: z.number().int().min(1).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      toolOutcome(ctx, 'grep_output_files', async () => {
        let pattern: RegExp;
        try {
          pattern = compileSearchPattern(args.pattern, args.ignore_case ?? false);
        } catch (error) {
          if (error instanceof SearchPatternError)
            throw badRequest('VALIDATION_ERROR', error.message);
          throw error;
        }
        const chunks = (await listOutputFiles(ctx, user, args.job_id)).filter((file) =>
          file.path.startsWith('chunks/'),
        );
        const texts = new Map<string, string[]>();
        const hits: Hit[] = [];
        let complete = true;
        for (const chunk of chunks) {
          if (hits.length >= MAX_COUNTED_MATCHES) {
            complete = false;
            break;
          }
          const { content } = await readOutputFile(ctx, user, args.job_id, chunk.path);
          const found = matchingLines(content, pattern);
          if (found.length > 0) texts.set(chunk.path, splitLines(content));
          for (const line of found.slice(0, MAX_COUNTED_MATCHES - hits.length)) {
            hits.push({ path: chunk.path, line });
          }
          if (found.length > MAX_COUNTED_MATCHES - hits.length) complete = false;
        }
        const where = `/${args.pattern}/${args.ignore_case ? 'i' : ''}`;
        if (hits.length === 0) {
          return textResult(`No match of ${where} in the chunks of job ${args.job_id}.`, {
            matches: 0,
            pages: 1,
          });
        }
        const page = args.page ?? 1;
        const pages = Math.ceil(hits.length / MATCHES_PER_PAGE);
        const total = `${complete ? '' : 'at least '}${hits.length.toLocaleString('en-US')} match${hits.length === 1 ? '' : 'es'}`;
        if (page > pages) {
          throw badRequest(
            'VALIDATION_ERROR',
            `The search has ${total} on ${pages} page${pages === 1 ? '' : 's'}; there is no page ${page}.`,
          );
        }
        const first = (page - 1) * MATCHES_PER_PAGE;
        const shown = hits.slice(first, first + MATCHES_PER_PAGE);
        const byFile = new Map<string, number[]>();
        for (const hit of shown) byFile.set(hit.path, [...(byFile.get(hit.path) ?? []), hit.line]);
        const blocks = [...byFile].map(
          ([path, lines]) =>
            `${path}\n${renderFileHits(texts.get(path) ?? [], lines, args.context_lines ?? 2, pattern)}`,
        );
        const next =
          page < pages
            ? `Page ${page} of ${pages}; for the next, call grep_output_files with the same arguments and page: ${page + 1}.`
            : `Page ${page} of ${pages}.`;
        return textResult(
          `${total} of ${where} in job ${args.job_id}; matches ${first + 1}-${first + shown.length}. ${next}\n\n${blocks.join('\n\n')}`,
          { matches: hits.length, complete, page, pages },
        );
      }),
  );
}
