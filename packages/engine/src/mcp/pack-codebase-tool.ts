import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { CacheSettings } from '../cli/cache-settings.js';
import { withPackInput } from '../cli/pack-input.js';
import type { BudgetReport } from '../core/assemble-bundle.js';
import { describeSecrets } from '../core/transform/secrets/secret-report.js';
import { pack } from '../io/pack.js';
import type { PackProgress } from '../io/pack.js';
import { evictResultCache } from '../io/result-cache.js';
import type { BundleStore, StoredBundle } from './bundle-store.js';
import { chunkResourceUri, overviewResourceUri, mimeTypeOf } from './bundle-resources.js';
import {
  gitContextRequest,
  gitContextShape,
  jobOptionsShape,
  resolveJobOptions,
} from './pack-options.js';
import { ToolInputError } from './tool-error.js';
import { numberFormat, plural } from './tool-result.js';

export interface PackSettings {
  readonly env: NodeJS.ProcessEnv;
  /** The engine's result cache; undefined processes every file again. */
  readonly cache: CacheSettings | undefined;
  /** Told each temporary clone's folder, so that it is removed if the process ends mid-pack. */
  onCloneFolder(path: string): void;
}

/** Chunks listed by name in the answer; a larger bundle's list is left to resources. */
const LISTED_CHUNKS = 50;
const TOP_FILES = 5;

const inputShape = {
  source: z
    .string()
    .min(1)
    .describe(
      'What to pack: an absolute path to a folder or a .zip file, a git URL (https://, git://, git@host:owner/repo.git) or owner/repo on GitHub.',
    ),
  ref: z
    .string()
    .min(1)
    .optional()
    .describe('For a git URL: the branch, tag or commit to pack (default: the default branch).'),
  ...jobOptionsShape,
  ...gitContextShape,
};

export function registerPackCodebase(
  server: McpServer,
  store: BundleStore,
  settings: PackSettings,
): void {
  server.registerTool(
    'pack_codebase',
    {
      title: 'Pack a codebase',
      description:
        'Packs a folder, a ZIP or a git repository into an AI-ready bundle: files cleaned as asked, counted with a real tokenizer, cut into chunks under the token limit. Answers with a bundle_id and a summary; read the bundle with read_bundle, search it with grep_bundle, list its files with list_bundle_files.',
      inputSchema: inputShape,
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async (args, extra) => {
      const options = resolveJobOptions(args);
      const git = gitContextRequest(args);
      const progressToken = extra._meta?.progressToken;
      const bundle = await withPackInput(
        { source: args.source, ref: args.ref, git },
        settings.env,
        (message) => new ToolInputError(message),
        (input) =>
          pack(input.path, options, {
            ...(progressToken !== undefined && {
              // A client that asked for progress hears each stage, and may keep waiting on it.
              onProgress: (progress: PackProgress) =>
                void extra
                  .sendNotification({
                    method: 'notifications/progress',
                    params: {
                      progressToken,
                      progress: progress.done,
                      total: progress.total,
                      message: progress.stage,
                    },
                  })
                  .catch(() => undefined),
            }),
            ...(settings.cache && { cache: settings.cache.cache }),
            ...(input.sourceName !== undefined && { sourceName: input.sourceName }),
            signal: extra.signal,
            ...(git && { git }),
          }),
        { signal: extra.signal, onFolder: (path) => settings.onCloneFolder(path) },
      );
      if (settings.cache) evictResultCache(settings.cache.cache.dir, settings.cache.maxBytes);
      const stored = await store.save(bundle, args.source);
      const secretLines = describeSecrets(bundle.secrets);
      return {
        content: [
          {
            type: 'text',
            text: [
              ...describePack(stored, bundle.notes),
              ...(bundle.budget ? [describeBudget(bundle.budget)] : []),
              ...secretLines,
            ].join('\n'),
          },
          {
            type: 'resource_link',
            uri: overviewResourceUri(stored.id),
            name: stored.overviewFile,
            mimeType: mimeTypeOf(stored.extension),
            description:
              'The overview: options, statistics, directory tree, tokens per file, chunk index.',
          },
          ...stored.chunks.slice(0, LISTED_CHUNKS).map((chunk) => ({
            type: 'resource_link' as const,
            uri: chunkResourceUri(stored.id, chunk.index),
            name: chunk.fileName,
            mimeType: mimeTypeOf(stored.extension),
            description: `Chunk ${chunk.index}: ${plural(chunk.tokens, 'token')}, ${plural(chunk.files, 'file')}.`,
          })),
        ],
        structuredContent: {
          bundle_id: stored.id,
          source: stored.source,
          files: stored.statistics.files,
          skipped_files: stored.statistics.skippedFiles,
          lines: stored.statistics.lines,
          tokens: stored.statistics.tokens,
          output_tokens: stored.statistics.outputTokens,
          chunks: stored.chunks.map((chunk) => ({
            index: chunk.index,
            tokens: chunk.tokens,
            files: chunk.files,
          })),
          secrets_found: bundle.secrets.found,
          ...(bundle.budget && {
            budget: bundle.budget,
            file_levels: bundle.files.map((file) => ({
              path: file.path,
              level: file.level ?? 'full',
              reason: file.levelReason ?? '',
            })),
          }),
        },
      };
    },
  );
}

function describeBudget(budget: BudgetReport): string {
  const levels = Object.entries(budget.levels)
    .map(([level, count]) => `${level} ${numberFormat.format(count)}`)
    .join(', ');
  return `Budget: ${numberFormat.format(budget.used)} of ${numberFormat.format(budget.counted_limit)} tokens used by the overview and chunks; files by level: ${levels} (the overview gives each file's level and why).`;
}

function describePack(bundle: StoredBundle, notes: readonly string[]): string[] {
  const stats = bundle.statistics;
  const skipped = Object.entries(stats.skippedByReason)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${numberFormat.format(count)}`)
    .join(', ');
  const largest = [...bundle.files]
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, TOP_FILES)
    .map((file) => `  ${numberFormat.format(file.tokens).padStart(9)}  ${file.path}`);
  const chunkLines = bundle.chunks
    .slice(0, LISTED_CHUNKS)
    .map(
      (chunk) =>
        `  chunk ${chunk.index}: ${plural(chunk.tokens, 'token')}, ${plural(chunk.files, 'file')}`,
    );
  if (bundle.chunks.length > LISTED_CHUNKS) {
    chunkLines.push(`  ... and ${numberFormat.format(bundle.chunks.length - LISTED_CHUNKS)} more`);
  }
  return [
    `bundle_id: ${bundle.id}`,
    `Packed ${bundle.source}: ${plural(stats.files, 'file')} (${plural(stats.lines, 'line')}, ${plural(stats.tokens, 'token')}) into ${plural(bundle.chunks.length, 'chunk')} of ${bundle.extension}, ${plural(stats.outputTokens, 'token')} in all.`,
    `Skipped ${plural(stats.skippedFiles, 'file')}${skipped ? `: ${skipped}` : ''}.`,
    'Chunks:',
    ...chunkLines,
    ...(largest.length > 0 ? ['Largest files (tokens):', ...largest] : []),
    ...notes.map((note) => `Note: ${note}`),
    `Next: list_bundle_files, read_bundle (the overview, a chunk or a file, in pages) or grep_bundle with bundle_id "${bundle.id}".`,
  ];
}
