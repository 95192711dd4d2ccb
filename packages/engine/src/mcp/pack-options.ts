import { MODEL_IDS } from '@repobundle/contract/models';
import { z } from 'zod';
import type { BundleOptions, ResolvedOptions } from '../config/options.js';
import {
  CHUNKING_STRATEGIES,
  ENCODINGS,
  OUTPUT_FORMATS,
  TOKEN_LIMITS,
  resolveOptions,
} from '../config/options.js';
import { getRenderer } from '../core/render/index.js';
import { isEngineError } from '../errors.js';
import type { GitContextRequest } from '../io/git/git-context.js';
import { ToolInputError } from './tool-error.js';

/**
 * The job options as pack_codebase takes them: the job fields in snake_case, each optional (the
 * engine's defaults apply), checked by the engine's own options schema afterwards.
 */
export const jobOptionsShape = {
  output_format: z.enum(OUTPUT_FORMATS).optional().describe('Output format (default md).'),
  template: z
    .string()
    .optional()
    .describe('Handlebars template source, for output_format "custom".'),
  chunking_strategy: z
    .enum(CHUNKING_STRATEGIES)
    .optional()
    .describe('How the bundle is cut into chunks (default fixed).'),
  token_limit: z
    .number()
    .int()
    .optional()
    .describe(`Most tokens in one chunk: one of ${TOKEN_LIMITS.join(', ')} (default 128000).`),
  chunk_overlap: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Tokens shared by consecutive fixed chunks (default 0).'),
  remove_comments: z.boolean().optional(),
  keep_license_header: z
    .boolean()
    .optional()
    .describe('With remove_comments: keep a licence header.'),
  compress: z
    .boolean()
    .optional()
    .describe(
      'Signatures only: function bodies replaced by a placeholder, imports and types kept.',
    ),
  remove_blank_lines: z.boolean().optional(),
  show_line_numbers: z.boolean().optional(),
  redact_secrets: z
    .boolean()
    .optional()
    .describe('Replace credentials with [REDACTED:type] (they are reported either way).'),
  custom_secret_patterns: z
    .array(z.string())
    .optional()
    .describe('Extra regular expressions redacted as [REDACTED:custom].'),
  respect_gitignore: z.boolean().optional().describe('Apply .gitignore files (default true).'),
  include_patterns: z
    .array(z.string())
    .optional()
    .describe('Only files matching these patterns (gitignore syntax), e.g. ["src/", "*.md"].'),
  exclude_patterns: z
    .array(z.string())
    .optional()
    .describe('Leave out files matching these patterns (gitignore syntax).'),
  notebook_processing: z.boolean().optional().describe('Turn .ipynb notebooks into source.'),
  encoding: z.enum(ENCODINGS).optional().describe('Tokenizer (default o200k_base).'),
  target_model: z
    .enum(MODEL_IDS)
    .optional()
    .describe(
      "The model the bundle is for: counts use its tokenizer, and the summary says whether it fits the model's window.",
    ),
  token_budget: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'The whole bundle (overview and chunks) fits in this many tokens of the target model; the least important files are cut down first (comments removed, then signatures only, then path only).',
    ),
  fit_to_model: z
    .boolean()
    .optional()
    .describe("With target_model: the budget is the model's context window minus reserve_tokens."),
  reserve_tokens: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('With fit_to_model: tokens left free of the window (default a quarter of it).'),
  keep_patterns: z
    .array(z.string())
    .optional()
    .describe('Files matching these patterns (gitignore syntax) are cut down last.'),
  focus: z
    .string()
    .optional()
    .describe('What the bundle is for: files relevant to this text are cut down later.'),
  header_text: z.string().optional().describe('Text at the top of the overview and every chunk.'),
  instruction_text: z.string().optional().describe('Instructions for the model, after the header.'),
};

export type JobOptionsInput = z.output<z.ZodObject<typeof jobOptionsShape>>;

/** Job field (snake_case) of each engine option, for messages. */
const FIELD_OF_OPTION: Readonly<Record<keyof BundleOptions, keyof JobOptionsInput | undefined>> = {
  outputFormat: 'output_format',
  template: 'template',
  chunkingStrategy: 'chunking_strategy',
  tokenLimit: 'token_limit',
  chunkOverlap: 'chunk_overlap',
  removeComments: 'remove_comments',
  keepLicenseHeader: 'keep_license_header',
  compress: 'compress',
  removeBlankLines: 'remove_blank_lines',
  showLineNumbers: 'show_line_numbers',
  redactSecrets: 'redact_secrets',
  customSecretPatterns: 'custom_secret_patterns',
  respectGitignore: 'respect_gitignore',
  includePatterns: 'include_patterns',
  excludePatterns: 'exclude_patterns',
  notebookProcessing: 'notebook_processing',
  headerText: 'header_text',
  instructionText: 'instruction_text',
  encoding: 'encoding',
  targetModel: 'target_model',
  tokenBudget: 'token_budget',
  fitToModel: 'fit_to_model',
  reserveTokens: 'reserve_tokens',
  keepPatterns: 'keep_patterns',
  focus: 'focus',
  selectedPaths: undefined,
  maxFileBytes: undefined,
};

/**
 * The engine's options from the tool's fields, resolved and the template compiled: a bad value
 * is a ToolInputError naming its field, found before any file is read.
 */
export function resolveJobOptions(input: JobOptionsInput): ResolvedOptions {
  const options: Record<string, unknown> = {};
  for (const [option, field] of Object.entries(FIELD_OF_OPTION)) {
    if (field !== undefined && input[field] !== undefined) options[option] = input[field];
  }
  try {
    const resolved = resolveOptions(options as BundleOptions, ([option = '', ...rest]) =>
      [FIELD_OF_OPTION[option as keyof BundleOptions] ?? option, ...rest].join('.'),
    );
    getRenderer(resolved.outputFormat, { template: resolved.template });
    return resolved;
  } catch (error) {
    if (isEngineError(error)) throw new ToolInputError(error.message);
    throw error;
  }
}

export const gitContextShape = {
  include_diffs: z
    .boolean()
    .optional()
    .describe('For a git work tree: staged and working-tree changes in the overview.'),
  include_logs: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .describe('For a git repository: the last N commits in the overview.'),
  sort_by_changes: z
    .boolean()
    .optional()
    .describe('For a git repository: files most often changed in history last.'),
};

export function gitContextRequest(input: {
  include_diffs?: boolean | undefined;
  include_logs?: number | undefined;
  sort_by_changes?: boolean | undefined;
}): GitContextRequest | undefined {
  if (!input.include_diffs && input.include_logs === undefined && !input.sort_by_changes) {
    return undefined;
  }
  return {
    includeDiffs: input.include_diffs ?? false,
    includeLogs: input.include_logs,
    sortByChanges: input.sort_by_changes ?? false,
  };
}
