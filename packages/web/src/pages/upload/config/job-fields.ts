import type { ChunkingStrategy, JobCreationFields, OutputFormat } from '@repobundle/contract';
import { DEFAULT_FIT, fitFields, type FitOptions } from '../fit/fit-options.js';
import type { CustomPattern } from './custom-patterns.js';
import type { TokenLimit } from './token-limits.js';

// The upload options as the screen keeps them, and
// their mapping onto the job-creation fields.

export interface UploadOptions {
  outputFormat: OutputFormat;
  template: string;
  includeComments: boolean;
  /** Signatures only: function bodies become placeholders, imports and types stay. */
  compress: boolean;
  includeBlankLines: boolean;
  includeMetadata: boolean;
  notebookProcessing: boolean;
  tokenLimit: TokenLimit;
  chunkingStrategy: ChunkingStrategy;
  chunkOverlap: number;
  redactSecrets: boolean;
  useGitignore: boolean;
  customPatterns: CustomPattern[];
  /** Text for the model at the top of the overview and of every chunk ("" for none). */
  headerText: string;
  /** Instructions for the model after the header text ("" for none). */
  instructionText: string;
  /** The model the bundle is for, a GET /api/models id ("" for none). */
  targetModel: string;
  /** Packing to a token budget, with what ranks the files it degrades. */
  fit: FitOptions;
}

export const DEFAULT_TEMPLATE = `# {{source}}: chunk {{chunk.index}} of {{chunk.count}}
{{#each pieces}}

## {{path}} ({{lines}})
{{fence}}{{language}}
{{content}}{{fence}}
{{/each}}
`;

export const DEFAULT_OPTIONS: UploadOptions = {
  outputFormat: 'md',
  template: DEFAULT_TEMPLATE,
  includeComments: true,
  compress: false,
  includeBlankLines: true,
  includeMetadata: true,
  notebookProcessing: false,
  tokenLimit: 128_000,
  chunkingStrategy: 'fixed',
  chunkOverlap: 0,
  redactSecrets: false,
  useGitignore: false,
  customPatterns: [],
  headerText: '',
  instructionText: '',
  targetModel: '',
  fit: DEFAULT_FIT,
};

/** The plan's formats decide: a format it lacks becomes its first one (or md). */
export function allowedFormat(format: OutputFormat, allowed: readonly string[]): OutputFormat {
  if (allowed.includes(format)) return format;
  return (allowed[0] as OutputFormat | undefined) ?? 'md';
}

export function overlapError(options: UploadOptions): string | null {
  if (options.chunkingStrategy !== 'fixed') return null;
  const max = options.tokenLimit / 2;
  if (!Number.isInteger(options.chunkOverlap) || options.chunkOverlap < 0) {
    return 'Overlap must be a whole number of tokens, 0 or more.';
  }
  if (options.chunkOverlap > max)
    return `Overlap can be at most half the token limit (${max.toLocaleString('en-US')}).`;
  return null;
}

/** Flags are sent inverted where the spec says so; gitignore_config only with custom patterns. */
export function toJobFields(
  options: UploadOptions,
  selected: string[],
  estimatedTokens: number,
  creditType: JobCreationFields['credit_type'],
): JobCreationFields {
  const fields: JobCreationFields = {
    selected,
    estimated_tokens: estimatedTokens,
    output_format: options.outputFormat,
    remove_comments: !options.includeComments,
    compress: options.compress,
    remove_blank_lines: !options.includeBlankLines,
    show_line_numbers: options.includeMetadata,
    token_limit: options.tokenLimit,
    chunking_strategy: options.chunkingStrategy,
    chunk_overlap: options.chunkingStrategy === 'fixed' ? options.chunkOverlap : 0,
    credit_type: creditType,
    redact_secrets: options.redactSecrets,
    use_gitignore: options.useGitignore,
    notebook_processing: options.notebookProcessing,
  };
  if (options.outputFormat === 'custom') fields.template = options.template;
  if (options.headerText.trim()) fields.header_text = options.headerText;
  if (options.instructionText.trim()) fields.instruction_text = options.instructionText;
  if (options.targetModel) fields.target_model = options.targetModel;
  const fit = fitFields(options.fit, options.targetModel);
  if ('fields' in fit) Object.assign(fields, fit.fields);
  if (options.customPatterns.length > 0) {
    fields.gitignore_config = {
      respect_gitignore: true,
      use_gitignore: options.useGitignore,
      custom_patterns: options.customPatterns,
      custom_include_patterns: options.customPatterns
        .filter((p) => p.type === 'include')
        .map((p) => p.pattern),
      custom_exclude_patterns: options.customPatterns
        .filter((p) => p.type === 'exclude')
        .map((p) => p.pattern),
      enable_advanced_matching: true,
      cache_patterns: true,
      max_cache_size: 1000,
    };
  }
  return fields;
}
