import { setTimeout as sleep } from 'node:timers/promises';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { PAGE_CHARS, pageText } from '@repobundle/engine';
import { z } from 'zod';
import type { JobRow } from '../db/repositories/jobs.repository.js';
import { badRequest } from '../errors.js';
import { presentJob } from '../presenters/job.presenter.js';
import { listOutputFiles, readOutputFile } from '../services/job-results.service.js';
import { findJob } from '../services/jobs.service.js';
import type { McpCaller } from './mcp-caller.js';
import { textResult, toolOutcome } from './tool-outcome.js';

/** Longest wait get_job offers: under the 60 s a client commonly allows one request. */
export const MAX_WAIT_SECONDS = 50;
const POLL_MS = 250;

const jobId = z
  .string()
  .min(1)
  .describe('The job_id pack_repository answered (or any of your jobs).');

export function registerJobTools(server: McpServer, caller: McpCaller): void {
  const { ctx, user } = caller;
  server.registerTool(
    'get_job',
    {
      title: 'Get a job',
      description: `A job's status, progress, figures and errors. With wait_seconds (up to ${MAX_WAIT_SECONDS}), waits that long for a pending or processing job to finish first.`,
      inputSchema: {
        job_id: jobId,
        wait_seconds: z.number().int().min(0).max(MAX_WAIT_SECONDS).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    (args, extra) =>
      toolOutcome(ctx, 'get_job', async () => {
        let job = await findJob(ctx, user, args.job_id);
        const until = Date.now() + (args.wait_seconds ?? 0) * 1000;
        while (!isFinished(job) && Date.now() < until && !extra.signal.aborted) {
          await sleep(Math.min(POLL_MS, until - Date.now()));
          job = await findJob(ctx, user, args.job_id);
        }
        const shown = presentJob(job);
        return textResult(describeJob(job), { ...shown });
      }),
  );

  server.registerTool(
    'list_output_files',
    {
      title: 'List the output files of a job',
      description: 'The overview and chunk files of a job that succeeded, with their sizes.',
      inputSchema: { job_id: jobId },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      toolOutcome(ctx, 'list_output_files', async () => {
        const files = await listOutputFiles(ctx, user, args.job_id);
        const lines = files.map((file) => `${String(file.size).padStart(10)}  ${file.path}`);
        return textResult(
          [`${files.length} output files of job ${args.job_id} (bytes, path):`, ...lines].join(
            '\n',
          ),
          { files },
        );
      }),
  );

  server.registerTool(
    'read_output_file',
    {
      title: 'Read an output file of a job',
      description: `One output file (overview.md, chunks/chunk-0001.md...) of a job that succeeded, in pages of about ${PAGE_CHARS.toLocaleString('en-US')} characters cut at line ends.`,
      inputSchema: {
        job_id: jobId,
        path: z.string().min(1).describe('The path as list_output_files shows it.'),
        page: z.number().int().min(1).optional().describe('Page, from 1 (default 1).'),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      toolOutcome(ctx, 'read_output_file', async () => {
        const { file, content } = await readOutputFile(ctx, user, args.job_id, args.path);
        const page = args.page ?? 1;
        const shown = pageText(content, page);
        if (!shown) {
          const pages = pageText(content, 1)?.pages ?? 1;
          throw badRequest(
            'VALIDATION_ERROR',
            `${file.path} has ${pages} page${pages === 1 ? '' : 's'}; there is no page ${page}.`,
          );
        }
        const next =
          shown.page < shown.pages
            ? `Page ${shown.page} of ${shown.pages}; for the next, call read_output_file with page: ${shown.page + 1}.`
            : `Page ${shown.page} of ${shown.pages}.`;
        // The page follows a blank line after the header, so the pages put together are the file.
        return textResult(
          `${file.path} of job ${args.job_id}, lines ${shown.firstLine}-${shown.lastLine}. ${next}\n\n${shown.text}`,
        );
      }),
  );
}

function isFinished(job: JobRow): boolean {
  return job.status === 'succeeded' || job.status === 'failed';
}

function describeJob(job: JobRow): string {
  const shown = presentJob(job);
  const lines = [
    `Job ${shown.id} (${shown.source_name}): ${shown.status}, ${shown.progress.stage} ${Math.round(shown.progress.percent)}%.`,
  ];
  const stats = shown.statistics;
  if (shown.status === 'succeeded' && stats) {
    lines.push(
      `${stats.files.toLocaleString('en-US')} files, ${stats.lines.toLocaleString('en-US')} lines, ${stats.tokens.toLocaleString('en-US')} tokens in ${stats.chunks} chunk${stats.chunks === 1 ? '' : 's'}; ${shown.actual_credits ?? 0} credits charged.`,
      `Next: list_output_files and read_output_file with job_id "${shown.id}".`,
    );
  } else if (shown.status === 'failed') {
    lines.push(`It failed: ${shown.error ?? 'no reason was recorded'}. Its credits were returned.`);
  } else {
    lines.push(
      `${shown.reserved_credits} credits reserved. Call get_job again with wait_seconds to wait.`,
    );
  }
  for (const error of shown.errors.slice(0, 10)) {
    lines.push(`  ${error.path ?? '(job)'}: ${error.message}`);
  }
  return lines.join('\n');
}
