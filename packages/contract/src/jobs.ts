import { z } from 'zod';
import {
  DEFAULT_RESERVE_FRACTION,
  findModel,
  MODEL_IDS,
  modelFitSchema,
  PACK_LEVELS,
} from './models.js';
import { creditTypes, outputFormats, textField, type PlanId } from './fields.js';

export const jobStatuses = ['pending', 'processing', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

export const chunkingStrategies = ['fixed', 'file_based', 'semantic', 'auto'] as const;
export type ChunkingStrategy = (typeof chunkingStrategies)[number];

/** The spec's token limits; any other value falls back to the default. */
export const tokenLimits = [
  32_000, 64_000, 128_000, 256_000, 512_000, 1_000_000, 2_000_000,
] as const;
export const DEFAULT_TOKEN_LIMIT = 128_000;

/** How a job pays: one kind only, or `hybrid` (the user's default kind first, then the other). */
export const jobCreditTypes = [...creditTypes, 'hybrid'] as const;
export type JobCreditType = (typeof jobCreditTypes)[number];

/** One credit per 2,000 lines of selected input, rounded up, at least one. */
export const LINES_PER_CREDIT = 2000;
export function creditsForLines(lines: number): number {
  return Math.max(1, Math.ceil(lines / LINES_PER_CREDIT));
}

const flag = z.boolean({ error: 'must be true or false' });
const patternText = textField().trim().min(1, 'A pattern must not be blank.').max(1000);

/** A custom ignore pattern as the upload screen keeps it. */
export const customPatternSchema = z.object({
  pattern: patternText,
  type: z.enum(['exclude', 'include'], { error: 'type must be exclude or include' }),
  source: textField().max(200).optional(),
  added_at: textField().max(100).optional(),
});

/** The gitignore options of a job. */
export const gitignoreConfigSchema = z.object({
  respect_gitignore: flag.optional(),
  use_gitignore: flag.optional(),
  custom_patterns: z.array(customPatternSchema).max(1000).optional(),
  custom_include_patterns: z.array(patternText).max(1000).optional(),
  custom_exclude_patterns: z.array(patternText).max(1000).optional(),
  enable_advanced_matching: flag.optional(),
  cache_patterns: flag.optional(),
  max_cache_size: z.number().int().min(0).max(100_000).optional(),
});
export type GitignoreConfig = z.infer<typeof gitignoreConfigSchema>;

/**
 * Packing to a budget: the largest budget a job may name (above every model's window) and the
 * smallest (the overview alone, with its file listing, takes several hundred tokens).
 */
export const MAX_TOKEN_BUDGET = 10_000_000;
export const MIN_TOKEN_BUDGET = 1_000;
/** The longest focus text, in characters. */
export const MAX_FOCUS_LENGTH = 4096;

const tokenCount = (field: string, min: number) =>
  z
    .number({ error: `${field} must be a number of tokens.` })
    .int(`${field} must be a whole number of tokens.`)
    .min(min, `${field} must be at least ${min.toLocaleString('en-US')} tokens.`)
    .max(
      MAX_TOKEN_BUDGET,
      `${field} must be at most ${MAX_TOKEN_BUDGET.toLocaleString('en-US')} tokens.`,
    );

/**
 * The job-creation fields. The server recomputes lines and credits from
 * the selected files itself; `estimated_tokens` is the client's display figure only.
 */
export const jobCreationFieldsSchema = z.object({
  selected: z
    .array(textField().min(1).max(4096), { error: 'selected must be a list of file paths.' })
    .max(200_000, 'At most 200,000 files can be selected.'),
  estimated_tokens: z.number().min(0).optional(),
  output_format: z.preprocess(
    (value) => (value === 'text' ? 'txt' : value),
    z.enum(outputFormats, {
      error: `output_format must be one of: ${outputFormats.join(', ')} (or text).`,
    }),
  ),
  /** Handlebars source for the custom format. */
  template: textField()
    .max(256 * 1024)
    .optional(),
  remove_comments: flag.default(false),
  /** Signatures only: function bodies become placeholders, imports and types stay. */
  compress: flag.default(false),
  remove_blank_lines: flag.default(false),
  show_line_numbers: flag.default(false),
  /** Not in the spec's list: the default applies. */
  token_limit: z.number().optional(),
  chunking_strategy: z
    .enum(chunkingStrategies, {
      error: `chunking_strategy must be one of: ${chunkingStrategies.join(', ')}.`,
    })
    .default('fixed'),
  chunk_overlap: z.number().int().min(0, 'chunk_overlap must be 0 or more.').default(0),
  credit_type: z
    .enum(jobCreditTypes, { error: `credit_type must be one of: ${jobCreditTypes.join(', ')}.` })
    .optional(),
  redact_secrets: flag.default(false),
  /** Extra regular expressions redacted as `custom` when redact_secrets is on. */
  custom_secret_patterns: z.array(textField().min(1).max(1000)).max(100).optional(),
  use_gitignore: flag.default(false),
  notebook_processing: flag.default(false),
  gitignore_config: gitignoreConfigSchema.optional(),
  /** Text for the model at the top of the overview and of every chunk. */
  header_text: textField()
    .max(64 * 1024, 'header_text must be at most 65,536 characters.')
    .optional(),
  /** Instructions for the model, placed after the header text. */
  instruction_text: textField()
    .max(64 * 1024, 'instruction_text must be at most 65,536 characters.')
    .optional(),
  /**
   * Files most often changed in the repository's recent history last. Only a job made from a
   * repository has that history; an uploaded archive is refused with it.
   */
  sort_by_changes: flag.default(false),
  /** The model the bundle is for (GET /api/models): counts use its tokenizer or estimate. */
  target_model: z
    .enum(MODEL_IDS as [string, ...string[]], {
      error: `target_model must be one of: ${MODEL_IDS.join(', ')} (GET /api/models lists them).`,
    })
    .optional(),
  /** The whole bundle, overview included, stays within this many tokens of the target model. */
  token_budget: tokenCount('token_budget', MIN_TOKEN_BUDGET).optional(),
  /** Budget = the target model's context window less reserve_tokens. */
  fit_to_model: flag.default(false),
  /** With fit_to_model: tokens left free for the prompt and answer (default a quarter). */
  reserve_tokens: tokenCount('reserve_tokens', 0).optional(),
  /** Globs of files degraded last when packing to a budget. */
  keep_patterns: z.array(patternText).max(1000, 'At most 1,000 keep patterns.').optional(),
  /** What the bundle is for: files relevant to it are degraded last when packing to a budget. */
  focus: textField()
    .trim()
    .max(
      MAX_FOCUS_LENGTH,
      `focus must be at most ${MAX_FOCUS_LENGTH.toLocaleString('en-US')} characters.`,
    )
    .optional(),
});
export type JobCreationFields = z.input<typeof jobCreationFieldsSchema>;

/** The fields that decide packing to a budget, as a request names them. */
export interface FitFields {
  target_model?: string | undefined;
  token_budget?: number | undefined;
  fit_to_model?: boolean | undefined;
  reserve_tokens?: number | undefined;
}

/**
 * What is wrong with a request's budget fields together (each alone is checked by the schema),
 * or null: fit needs a model and leaves part of its window free, a budget and fit exclude each
 * other, and a reserve means nothing without fit.
 */
export function fitFieldsProblem(fields: FitFields): string | null {
  const model = fields.target_model ? findModel(fields.target_model) : undefined;
  if (fields.fit_to_model) {
    if (fields.token_budget !== undefined) {
      return 'Give either token_budget or fit_to_model, not both: fit_to_model sets the budget from the model.';
    }
    if (!model) return 'fit_to_model needs a target_model: the budget is its context window.';
    const reserve = fields.reserve_tokens;
    if (reserve !== undefined && reserve >= model.context_window) {
      return `reserve_tokens must be below ${model.name}'s context window of ${model.context_window.toLocaleString('en-US')} tokens.`;
    }
    if (model.context_window - reserveTokensFor(model.context_window, reserve) < MIN_TOKEN_BUDGET) {
      return `With that reserve less than ${MIN_TOKEN_BUDGET.toLocaleString('en-US')} tokens of ${model.name}'s window are left for the bundle.`;
    }
    return null;
  }
  if (fields.reserve_tokens !== undefined) {
    return 'reserve_tokens applies only with fit_to_model.';
  }
  return null;
}

/** The tokens fit leaves free: the reserve asked for, else a quarter of the window. */
export function reserveTokensFor(contextWindow: number, reserve: number | undefined): number {
  return reserve ?? Math.floor(contextWindow * DEFAULT_RESERVE_FRACTION);
}

/**
 * The budget a job packs to, or null when it packs to none: token_budget, or with fit_to_model
 * the target model's window less the reserve.
 */
export function effectiveTokenBudget(fields: FitFields): number | null {
  if (fields.token_budget !== undefined) return fields.token_budget;
  if (!fields.fit_to_model || !fields.target_model) return null;
  const model = findModel(fields.target_model);
  if (!model) return null;
  return model.context_window - reserveTokensFor(model.context_window, fields.reserve_tokens);
}

/**
 * Plans that may pack to a budget (token_budget, fit_to_model, and with them keep_patterns and
 * focus). Signatures-only compression is on every plan.
 */
export const BUDGET_PACKING_PLANS: readonly PlanId[] = ['starter', 'pro', 'enterprise'];

export function planPacksToBudget(plan: string): boolean {
  return (BUDGET_PACKING_PLANS as readonly string[]).includes(plan.toLowerCase());
}

/** One file of a budgeted job: how much of it the bundle kept, and why it was degraded. */
export const packedFileSchema = z.object({
  path: z.string(),
  level: z.enum(PACK_LEVELS),
  /** Null for a file kept whole. */
  level_reason: z.string().nullable(),
});
export type PackedFile = z.infer<typeof packedFileSchema>;

/** At most this many files' levels are kept on a job, least kept first; the overview has all. */
export const JOB_PACKED_FILES = 2000;

/** A budgeted job's packing: the budget, files per level, and each file's level. */
export const jobPackingSchema = z.object({
  budget: z.number().int(),
  /** Tokens of the whole bundle as written (overview and chunks), by the model's tokenizer. */
  used: z.number().int().optional(),
  levels: z.object({
    full: z.number().int(),
    no_comments: z.number().int(),
    signatures: z.number().int(),
    path_only: z.number().int(),
  }),
  files: z.array(packedFileSchema),
  files_truncated: z.boolean(),
});
export type JobPacking = z.infer<typeof jobPackingSchema>;

/** POST /api/jobs/assemble. */
export const assembleRequestSchema = jobCreationFieldsSchema.extend({
  upload_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, 'upload_id must be 1 to 128 letters, digits, - or _.'),
  file_name: textField().min(1).max(255),
  total_chunks: z.number().int().min(1).max(10_000),
});
export type AssembleRequest = z.input<typeof assembleRequestSchema>;

/** The multipart fields of POST /api/jobs/chunk besides the chunk itself. */
export const chunkFieldsSchema = z.object({
  upload_id: assembleRequestSchema.shape.upload_id,
  file_name: textField().min(1).max(255),
  chunk_index: z.coerce.number({ error: 'chunk_index must be a number.' }).int().min(0),
  total_chunks: z.coerce
    .number({ error: 'total_chunks must be a number.' })
    .int()
    .min(1)
    .max(10_000),
});

export const chunkResponseSchema = z.object({
  upload_id: z.string(),
  chunk_index: z.number().int(),
  chunk_size: z.number().int(),
  upload_time: z.number(),
  upload_speed_mbps: z.number(),
  received_chunks: z.number().int(),
  total_chunks: z.number().int(),
});
export type ChunkResponse = z.infer<typeof chunkResponseSchema>;

export const jobCreatedResponseSchema = z.object({
  job_id: z.string(),
  id: z.string(),
  status: z.enum(jobStatuses),
  total_files: z.number().int(),
  line_count: z.number().int(),
  reserved_credits: z.number().int(),
});
export type JobCreatedResponse = z.infer<typeof jobCreatedResponseSchema>;

export const jobErrorSchema = z.object({
  path: z.string().nullable(),
  reason: z.string(),
  message: z.string(),
});
export type JobError = z.infer<typeof jobErrorSchema>;

export const jobStages = [
  'queued',
  'reading',
  'selecting',
  'processing',
  'chunking',
  'writing',
  'done',
] as const;
export type JobStage = (typeof jobStages)[number];

/**
 * Likely secrets in a job's files. Detection runs whether or not `redact_secrets` is on; with it
 * off the output keeps them and `hint` says how to redact them. Counts only, never a value.
 */
/** At most this many file notes are kept on a job (the overview lists every one). */
export const JOB_FILE_NOTES = 500;

export const jobSecretsSchema = z.object({
  redacted: z.boolean(),
  /** Files holding at least one likely secret. */
  files: z.number().int(),
  /** Findings by type. */
  found: z.record(z.string(), z.number().int()),
  /** Of those, the ones of low confidence (a failed checksum, a key file by its name). */
  low_confidence: z.record(z.string(), z.number().int()),
  /** One row per file, type and confidence; the first JOB_SECRET_ROWS of them. */
  by_file: z.array(
    z.object({
      path: z.string(),
      type: z.string(),
      confidence: z.enum(['high', 'low']),
      count: z.number().int(),
    }),
  ),
  by_file_truncated: z.boolean(),
  /** Files holding a private key, always warned about. */
  private_key_files: z.array(z.string()),
  hint: z.string().nullable(),
});
export type JobSecrets = z.infer<typeof jobSecretsSchema>;
/** At most this many per-file rows in a job response; the overview file has them all. */
export const JOB_SECRET_ROWS = 500;

/** GET /api/jobs/{id}: every job field, plus progress. */
export const jobResponseSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  status: z.enum(jobStatuses),
  source_name: z.string(),
  error: z.string().nullable(),
  errors: z.array(jobErrorSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  scheduled_deletion: z.string().nullable(),
  total_files: z.number().int(),
  file_count: z.number().int(),
  line_count: z.number().int(),
  output_format: z.enum(outputFormats),
  remove_comments: z.boolean(),
  compress: z.boolean(),
  remove_blank_lines: z.boolean(),
  show_line_numbers: z.boolean(),
  chunking_strategy: z.enum(chunkingStrategies),
  token_limit: z.number().int(),
  chunk_overlap: z.number().int(),
  respect_gitignore: z.boolean(),
  gitignore_content: z.string().nullable(),
  custom_patterns: z.array(z.string()),
  redact_secrets: z.boolean(),
  notebook_processing: z.boolean(),
  header_text: z.string().nullable(),
  instruction_text: z.string().nullable(),
  sort_by_changes: z.boolean(),
  /** The model the bundle is for; null when none was named. */
  target_model: z.string().nullable(),
  /** The budget asked for; null without one (fit_to_model sets it from the model instead). */
  token_budget: z.number().int().nullable(),
  fit_to_model: z.boolean(),
  /** With fit_to_model: the reserve asked for; null for the default quarter of the window. */
  reserve_tokens: z.number().int().nullable(),
  keep_patterns: z.array(z.string()),
  focus: z.string().nullable(),
  credit_type: z.enum(jobCreditTypes),
  reserved_credits: z.number().int(),
  actual_credits: z.number().int().nullable(),
  progress: z.object({ stage: z.enum(jobStages), percent: z.number() }),
  statistics: z
    .object({
      files: z.number().int(),
      skipped_files: z.number().int(),
      lines: z.number().int(),
      tokens: z.number().int(),
      chunks: z.number().int(),
      output_tokens: z.number().int(),
      output_files: z.number().int(),
      processing_ms: z.number().int(),
      /** Absent on jobs processed before secret detection was recorded. */
      secrets: jobSecretsSchema.optional(),
      /**
       * Files where a requested step could not apply (comments kept, no syntax outline), each
       * with its reason; the first JOB_FILE_NOTES of them. Absent on older jobs.
       */
      file_notes: z.array(z.object({ path: z.string(), note: z.string() })).optional(),
      file_notes_truncated: z.boolean().optional(),
      /** With a target model: the output's tokens for it and whether they fit its window. */
      model: modelFitSchema.optional(),
      /** When the job packed to a budget: the budget and each file's level. */
      packing: jobPackingSchema.optional(),
    })
    .nullable(),
});
export type JobResponse = z.infer<typeof jobResponseSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total_jobs: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const jobListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number.' })
    .int()
    .min(1, 'page starts at 1.')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, 'limit must be between 1 and 100.')
    .max(100, 'limit must be between 1 and 100.')
    .default(25),
});

export const jobListResponseSchema = z.object({
  jobs: z.array(jobResponseSchema),
  pagination: paginationSchema,
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

/** GET /api/jobs/{id}/files: output files; paths are relative to the job's output root. */
export const jobFilesResponseSchema = z.object({
  files: z.array(z.object({ name: z.string(), path: z.string(), size: z.number().int() })),
});
export type JobFilesResponse = z.infer<typeof jobFilesResponseSchema>;

export const jobFileContentResponseSchema = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number().int(),
  content: z.string(),
});
export type JobFileContentResponse = z.infer<typeof jobFileContentResponseSchema>;

export const deleteJobQuerySchema = z.object({
  confirmation_digits: textField({ error: 'confirmation_digits is required.' }).max(100),
});

/** The longest GET /api/jobs/{id}?wait= may hold a request, in seconds. */
export const MAX_JOB_WAIT_SECONDS = 60;

/** GET /api/jobs/{id}: `wait` holds the answer until the job ends or that many seconds pass. */
export const jobWaitQuerySchema = z.object({
  wait: z.coerce
    .number({ error: 'wait must be a number of seconds.' })
    .int('wait must be a whole number of seconds.')
    .min(0, 'wait must be 0 or more seconds.')
    .max(MAX_JOB_WAIT_SECONDS, `wait is at most ${MAX_JOB_WAIT_SECONDS} seconds.`)
    .optional(),
});

/**
 * POST /api/jobs/from-archive: the job fields as query or form fields beside the ZIP. Without
 * `selected` every file of the archive is selected (eligibility still applies); without
 * `output_format` the job writes Markdown.
 */
export const archiveJobFieldsSchema = jobCreationFieldsSchema.extend({
  selected: jobCreationFieldsSchema.shape.selected.optional(),
  output_format: jobCreationFieldsSchema.shape.output_format.optional(),
  /** The archive's name when the body is the raw ZIP (a multipart file names itself). */
  file_name: textField().min(1).max(255).optional(),
});
export type ArchiveJobFields = z.input<typeof archiveJobFieldsSchema>;
