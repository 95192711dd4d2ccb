import { DEFAULT_MAX_FILE_BYTES } from '@repobundle/contract/files';
import { MODEL_IDS } from '@repobundle/contract/models';
import { z } from 'zod';
import { EngineError } from '../errors.js';
import { customSecretPatternsSchema } from '../core/transform/secrets/custom-patterns.js';
import { resolveBudget } from '../core/budget/resolve-budget.js';

/** The token limits a job may use (docs/product.md#jobs); anything else is refused here. */
export const TOKEN_LIMITS = [
  32_000, 64_000, 128_000, 256_000, 512_000, 1_000_000, 2_000_000,
] as const;
export const DEFAULT_TOKEN_LIMIT = 128_000;
export { DEFAULT_MAX_FILE_BYTES };

export const OUTPUT_FORMATS = ['md', 'txt', 'json', 'xml', 'csv', 'yaml', 'custom'] as const;
export const CHUNKING_STRATEGIES = ['fixed', 'file_based', 'semantic', 'auto'] as const;
export const ENCODINGS = ['o200k_base', 'cl100k_base'] as const;

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type ChunkingStrategyName = (typeof CHUNKING_STRATEGIES)[number];
export type EncodingName = (typeof ENCODINGS)[number];

/** `text` is the spec's other name for `txt`. */
const outputFormatSchema = z.preprocess(
  (value) => (value === 'text' ? 'txt' : value),
  z.enum(OUTPUT_FORMATS),
);

const patternList = z.array(z.string().trim().min(1, 'a pattern must not be blank')).max(1000);

/** What a caller may pass; every field is optional and has a default. */
export const bundleOptionsSchema = z
  .object({
    outputFormat: outputFormatSchema.default('md'),
    /** Handlebars source; required when outputFormat is `custom`. */
    template: z
      .string()
      .max(256 * 1024)
      .optional(),
    chunkingStrategy: z.enum(CHUNKING_STRATEGIES).default('fixed'),
    tokenLimit: z.number().int().default(DEFAULT_TOKEN_LIMIT),
    chunkOverlap: z.number().int().min(0).default(0),
    removeComments: z.boolean().default(false),
    /** With removeComments: keep a licence header at the top of a file (and `/*!` comments). */
    keepLicenseHeader: z.boolean().default(false),
    /** Signatures only: bodies replaced by a placeholder, imports and types kept. */
    compress: z.boolean().default(false),
    removeBlankLines: z.boolean().default(false),
    showLineNumbers: z.boolean().default(false),
    redactSecrets: z.boolean().default(false),
    /** Extra regular expressions redacted as `custom` (checked against catastrophic backtracking); absent means none. */
    customSecretPatterns: customSecretPatternsSchema.optional(),
    respectGitignore: z.boolean().default(true),
    includePatterns: patternList.default([]),
    excludePatterns: patternList.default([]),
    notebookProcessing: z.boolean().default(false),
    /** Text for the model at the top of the overview and of every chunk (a note, a task). */
    headerText: z
      .string()
      .max(64 * 1024)
      .optional(),
    /** Instructions for the model, placed after the header text (from --instruction-file). */
    instructionText: z
      .string()
      .max(64 * 1024)
      .optional(),
    encoding: z.enum(ENCODINGS).default('o200k_base'),
    /**
     * The model the bundle is for (`repobundle models` lists them): counts use its tokenizer (or
     * estimate it), and the overview says whether the bundle fits its context window.
     */
    targetModel: z.enum(MODEL_IDS as [string, ...string[]]).optional(),
    /**
     * Packing to a budget: the whole bundle (overview and chunks, as written) stays within this
     * many tokens of the target model's tokenizer; the least important files are degraded first.
     */
    tokenBudget: z.number().int().positive().optional(),
    /** Budget = the target model's context window minus `reserveTokens`. */
    fitToModel: z.boolean().default(false),
    /** With fitToModel: tokens left free; absent means a quarter of the window. */
    reserveTokens: z.number().int().min(0).optional(),
    /** Files matching these globs are degraded last when packing to a budget. */
    keepPatterns: patternList.default([]),
    /** Text the bundle is for: files relevant to it are degraded last when packing to a budget. */
    focus: z.string().trim().min(1).max(4096).optional(),
    /** Explicit selection (paths relative to the source root); absent means every eligible file. */
    selectedPaths: z.array(z.string().min(1)).optional(),
    maxFileBytes: z.number().int().positive().default(DEFAULT_MAX_FILE_BYTES),
  })
  .strict();

export type BundleOptions = z.input<typeof bundleOptionsSchema>;
export type ResolvedOptions = z.output<typeof bundleOptionsSchema>;

/**
 * The options the file stage (decode, transforms, counting, outline) reads. A worker thread gets
 * only these with every file: the rest can be large (a job's list of 35,000 selected paths, a
 * template) and cloning it per file made the message passing quadratic.
 */
const RESOLVED_FILE_STAGE_KEYS = [
  'chunkingStrategy',
  'removeComments',
  'keepLicenseHeader',
  'compress',
  'removeBlankLines',
  'showLineNumbers',
  'redactSecrets',
  'customSecretPatterns',
  'notebookProcessing',
  'encoding',
  'targetModel',
  'maxFileBytes',
] as const satisfies readonly (keyof ResolvedOptions)[];

export type FileStageOptions = Pick<ResolvedOptions, (typeof RESOLVED_FILE_STAGE_KEYS)[number]> & {
  /**
   * Read each file's imports from its syntax tree (parsing it if nothing else does): packing to
   * a budget ranks files by how many others import them. Set by the run, not by the user.
   */
  readonly findImports?: boolean;
};

const FILE_STAGE_KEYS: readonly (keyof FileStageOptions)[] = [
  ...RESOLVED_FILE_STAGE_KEYS,
  'findImports',
];

export function fileStageOptions(options: FileStageOptions): FileStageOptions {
  const picked: Partial<Record<keyof FileStageOptions, unknown>> = {};
  for (const key of FILE_STAGE_KEYS) {
    if (options[key] !== undefined) picked[key] = options[key];
  }
  return picked as FileStageOptions;
}

export function isTokenLimit(value: number): boolean {
  return (TOKEN_LIMITS as readonly number[]).includes(value);
}

/**
 * Validates and fills defaults; throws one EngineError naming every problem. `describeField`
 * says how the caller names a field's path (the CLI names its flags); by default `field.0`.
 */
export function resolveOptions(
  input: BundleOptions = {},
  describeField: (path: readonly string[]) => string = (path) => path.join('.'),
): ResolvedOptions {
  const parsed = bundleOptionsSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length === 0
        ? issue.message
        : `${describeField(issue.path.map(String))}: ${issue.message}`,
    );
    throw new EngineError('INVALID_OPTIONS', `Invalid options: ${problems.join('; ')}`);
  }
  const options = parsed.data;
  if (!isTokenLimit(options.tokenLimit)) {
    throw new EngineError(
      'INVALID_TOKEN_LIMIT',
      `Token limit ${options.tokenLimit} is not allowed; use one of ${TOKEN_LIMITS.join(', ')}.`,
    );
  }
  if (options.chunkOverlap * 2 > options.tokenLimit) {
    throw new EngineError(
      'INVALID_OPTIONS',
      `Chunk overlap ${options.chunkOverlap} must be at most half the token limit (${options.tokenLimit / 2}).`,
    );
  }
  if (options.outputFormat === 'custom' && !options.template) {
    throw new EngineError('INVALID_TEMPLATE', 'The custom output format needs a template.');
  }
  resolveBudget(options);
  return options;
}
