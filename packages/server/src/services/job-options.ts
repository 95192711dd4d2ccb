import {
  DEFAULT_TOKEN_LIMIT,
  tokenLimits,
  type GitignoreConfig,
  type JobCreditType,
  type jobCreationFieldsSchema,
} from '@repobundle/contract';
import {
  EngineError,
  resolveOptions,
  validatePattern,
  type BundleOptions,
} from '@repobundle/engine';
import type { z } from 'zod';
import type { Plan } from '../db/repositories/plans.repository.js';
import { AppError, badRequest } from '../errors.js';
import { fitEngineOptions, resolveFitOptions, type StoredFitOptions } from './fit-options.js';

export type JobCreationInput = z.output<typeof jobCreationFieldsSchema>;

/** What a job stores about how it was asked to run; the presenter and the worker read it. */
export interface StoredJobOptions extends StoredFitOptions {
  output_format: BundleOptions['outputFormat'] & string;
  template: string | null;
  remove_comments: boolean;
  /** Absent in jobs stored before the option existed: off. */
  compress?: boolean;
  remove_blank_lines: boolean;
  show_line_numbers: boolean;
  token_limit: number;
  chunking_strategy: 'fixed' | 'file_based' | 'semantic' | 'auto';
  chunk_overlap: number;
  respect_gitignore: boolean;
  include_patterns: string[];
  exclude_patterns: string[];
  redact_secrets: boolean;
  custom_secret_patterns?: string[];
  notebook_processing: boolean;
  header_text?: string;
  instruction_text?: string;
  /** Files ordered by the change counts stored beside the archive (changeCountsKey). */
  sort_by_changes?: boolean;
  /** A model id of GET /api/models; absent when none was named. */
  target_model?: string;
}

/** The spec's token limits; anything else falls back to the default. */
export function effectiveTokenLimit(requested: number | undefined): number {
  return requested !== undefined && (tokenLimits as readonly number[]).includes(requested)
    ? requested
    : DEFAULT_TOKEN_LIMIT;
}

/** Include and exclude patterns from every place the gitignore options may hold them. */
function patternsOf(config: GitignoreConfig | undefined): { include: string[]; exclude: string[] } {
  const include = [...(config?.custom_include_patterns ?? [])];
  const exclude = [...(config?.custom_exclude_patterns ?? [])];
  for (const custom of config?.custom_patterns ?? []) {
    (custom.type === 'include' ? include : exclude).push(custom.pattern);
  }
  const problems = [...include, ...exclude].flatMap((pattern) => {
    const check = validatePattern(pattern);
    return check.valid ? [] : [`"${pattern}": ${check.error}`];
  });
  if (problems.length > 0) {
    throw badRequest('VALIDATION_ERROR', `Invalid ignore pattern ${problems.join('; ')}`, problems);
  }
  return { include: [...new Set(include)], exclude: [...new Set(exclude)] };
}

/**
 * Checks the job fields against the plan and normalises them: a format or budget packing the plan
 * does not include is a 403, an unknown token limit falls back.
 */
export function resolveJobOptions(input: JobCreationInput, plan: Plan): StoredJobOptions {
  if (!plan.allowedOutputFormats.includes(input.output_format)) {
    throw new AppError(
      403,
      'UPGRADE_REQUIRED',
      `The ${input.output_format} output format is not included in the ${plan.name} plan. Upgrade to access it (your plan allows: ${plan.allowedOutputFormats.join(', ')}).`,
    );
  }
  if (input.output_format === 'custom' && !input.template?.trim()) {
    throw badRequest('VALIDATION_ERROR', 'The custom output format needs a template.');
  }
  const tokenLimit = effectiveTokenLimit(input.token_limit);
  if (input.chunk_overlap * 2 > tokenLimit) {
    throw badRequest(
      'VALIDATION_ERROR',
      `chunk_overlap must be at most half the token limit (${tokenLimit / 2}).`,
    );
  }
  const { include, exclude } = patternsOf(input.gitignore_config);
  const secretPatterns = input.custom_secret_patterns ?? [];
  if (secretPatterns.length > 0) {
    try {
      // The engine's checks: the pattern compiles, matches something, cannot backtrack badly.
      resolveOptions({ customSecretPatterns: secretPatterns });
    } catch (error) {
      if (error instanceof EngineError) {
        throw badRequest('VALIDATION_ERROR', error.message.replace(/^Invalid options: /, ''));
      }
      throw error;
    }
  }
  const fit = resolveFitOptions(input, plan);
  const config = input.gitignore_config;
  return {
    output_format: input.output_format,
    template: input.output_format === 'custom' ? (input.template ?? null) : null,
    remove_comments: input.remove_comments,
    compress: input.compress,
    remove_blank_lines: input.remove_blank_lines,
    show_line_numbers: input.show_line_numbers,
    token_limit: tokenLimit,
    chunking_strategy: input.chunking_strategy,
    chunk_overlap: input.chunking_strategy === 'fixed' ? input.chunk_overlap : 0,
    respect_gitignore: input.use_gitignore || config?.use_gitignore === true,
    include_patterns: include,
    exclude_patterns: exclude,
    redact_secrets: input.redact_secrets,
    ...(secretPatterns.length > 0 ? { custom_secret_patterns: secretPatterns } : {}),
    notebook_processing: input.notebook_processing,
    ...(input.header_text?.trim() ? { header_text: input.header_text } : {}),
    ...(input.instruction_text?.trim() ? { instruction_text: input.instruction_text } : {}),
    ...(input.sort_by_changes ? { sort_by_changes: true } : {}),
    ...(input.target_model ? { target_model: input.target_model } : {}),
    ...fit,
  };
}

/** The engine's options for a stored job. */
export function engineOptions(
  options: StoredJobOptions,
  selected: readonly string[],
): BundleOptions {
  return {
    outputFormat: options.output_format,
    ...(options.template ? { template: options.template } : {}),
    chunkingStrategy: options.chunking_strategy,
    tokenLimit: options.token_limit,
    chunkOverlap: options.chunk_overlap,
    removeComments: options.remove_comments,
    compress: options.compress ?? false,
    removeBlankLines: options.remove_blank_lines,
    showLineNumbers: options.show_line_numbers,
    redactSecrets: options.redact_secrets,
    ...(options.custom_secret_patterns
      ? { customSecretPatterns: options.custom_secret_patterns }
      : {}),
    respectGitignore: options.respect_gitignore,
    includePatterns: options.include_patterns,
    excludePatterns: options.exclude_patterns,
    notebookProcessing: options.notebook_processing,
    ...(options.header_text ? { headerText: options.header_text } : {}),
    ...(options.instruction_text ? { instructionText: options.instruction_text } : {}),
    ...(options.target_model ? { targetModel: options.target_model } : {}),
    ...fitEngineOptions(options),
    selectedPaths: [...selected],
  };
}

export function creditTypeOf(input: JobCreationInput, fallback: string): JobCreditType {
  return input.credit_type ?? (fallback === 'purchased' ? 'purchased' : 'monthly');
}
