import { z } from 'zod';

/**
 * Tokenizers the engine counts with exactly: OpenAI's two tiktoken encodings, Llama 3's,
 * Qwen 3's, DeepSeek V3's, Mistral's Tekken and Gemma 3's (which Gemini 2.x uses too).
 */
export const TOKENIZERS = [
  'o200k_base',
  'cl100k_base',
  'llama3',
  'qwen3',
  'deepseek_v3',
  'tekken',
  'gemma3',
] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];

/** A model whose tokenizer is public: counts are exact. */
export interface ExactModel {
  readonly id: string;
  readonly name: string;
  readonly tokenizer: TokenizerName;
  readonly context_window: number;
  readonly exact: true;
}

/**
 * A model whose tokenizer is not public: its count is an estimate, `ratio` times the count of
 * `base` (an exact tokenizer), stated with `error_band`, the relative error it stays within on
 * code (bench/README.md says how both were calibrated).
 */
export interface EstimatedModel {
  readonly id: string;
  readonly name: string;
  readonly tokenizer: string;
  readonly context_window: number;
  readonly exact: false;
  readonly base: TokenizerName;
  readonly ratio: number;
  readonly error_band: number;
}

export type ModelInfo = ExactModel | EstimatedModel;

/** Claude 3 and 4 share one tokenizer, not published: estimated from o200k_base counts. */
const CLAUDE_ESTIMATE = {
  tokenizer: 'claude',
  exact: false,
  base: 'o200k_base',
  ratio: 1.275,
  error_band: 0.15,
} as const;

/** The models a job or the CLI can target, in the order lists show them. */
export const MODELS: readonly ModelInfo[] = [
  { id: 'gpt-4o', name: 'GPT-4o', tokenizer: 'o200k_base', context_window: 128_000, exact: true },
  {
    id: 'gpt-4.1',
    name: 'GPT-4.1',
    tokenizer: 'o200k_base',
    context_window: 1_047_576,
    exact: true,
  },
  { id: 'gpt-5', name: 'GPT-5', tokenizer: 'o200k_base', context_window: 400_000, exact: true },
  { id: 'gpt-4', name: 'GPT-4', tokenizer: 'cl100k_base', context_window: 8_192, exact: true },
  {
    id: 'gpt-4-turbo',
    name: 'GPT-4 Turbo',
    tokenizer: 'cl100k_base',
    context_window: 128_000,
    exact: true,
  },
  { id: 'llama-3.1', name: 'Llama 3.1', tokenizer: 'llama3', context_window: 131_072, exact: true },
  {
    id: 'llama-3.3',
    name: 'Llama 3.3 70B',
    tokenizer: 'llama3',
    context_window: 131_072,
    exact: true,
  },
  {
    id: 'gemini-2.5-pro',
    name: 'Gemini 2.5 Pro',
    tokenizer: 'gemma3',
    context_window: 1_048_576,
    exact: true,
  },
  {
    id: 'gemini-2.5-flash',
    name: 'Gemini 2.5 Flash',
    tokenizer: 'gemma3',
    context_window: 1_048_576,
    exact: true,
  },
  { id: 'gemma-3', name: 'Gemma 3', tokenizer: 'gemma3', context_window: 131_072, exact: true },
  { id: 'qwen3', name: 'Qwen3', tokenizer: 'qwen3', context_window: 131_072, exact: true },
  {
    id: 'qwen3-coder',
    name: 'Qwen3 Coder',
    tokenizer: 'qwen3',
    context_window: 262_144,
    exact: true,
  },
  {
    id: 'deepseek-v3',
    name: 'DeepSeek V3',
    tokenizer: 'deepseek_v3',
    context_window: 131_072,
    exact: true,
  },
  {
    id: 'deepseek-r1',
    name: 'DeepSeek R1',
    tokenizer: 'deepseek_v3',
    context_window: 131_072,
    exact: true,
  },
  {
    id: 'mistral-nemo',
    name: 'Mistral NeMo',
    tokenizer: 'tekken',
    context_window: 131_072,
    exact: true,
  },
  { id: 'claude-sonnet-4', name: 'Claude Sonnet 4', context_window: 200_000, ...CLAUDE_ESTIMATE },
  { id: 'claude-opus-4', name: 'Claude Opus 4', context_window: 200_000, ...CLAUDE_ESTIMATE },
];

export const MODEL_IDS = MODELS.map((model) => model.id);

export function findModel(id: string): ModelInfo | undefined {
  return MODELS.find((model) => model.id === id);
}

/** One row of GET /api/models. */
export const modelSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokenizer: z.string(),
  context_window: z.number().int().positive(),
  exact: z.boolean(),
  /** Estimated models only: the relative error the estimate stays within (0.1 = +/-10%). */
  error_band: z.number().positive().optional(),
});
export type ModelRow = z.infer<typeof modelSchema>;

export const modelsResponseSchema = z.object({ models: z.array(modelSchema) });
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

/** The public row of a model (its calibration stays internal). */
export function toModelRow(model: ModelInfo): ModelRow {
  return {
    id: model.id,
    name: model.name,
    tokenizer: model.tokenizer,
    context_window: model.context_window,
    exact: model.exact,
    ...(!model.exact && { error_band: model.error_band }),
  };
}

/**
 * A bundle's size for its target model: the output's tokens (every chunk as rendered) and whether
 * they fit the context window (`fits` null when an estimate's band straddles it).
 */
export const modelFitSchema = z.object({
  id: z.string(),
  name: z.string(),
  tokenizer: z.string(),
  context_window: z.number().int(),
  exact: z.boolean(),
  tokens: z.number().int(),
  error_band: z.number().nullable(),
  fits: z.boolean().nullable(),
});
export type ModelFitResponse = z.infer<typeof modelFitSchema>;

/**
 * How much of a file a budgeted bundle keeps, from most to least: the file as transformed, with
 * comments removed, signatures only, or just its path in the listing. Packing to a token budget
 * moves the least important files down this list until the bundle fits.
 */
export const PACK_LEVELS = ['full', 'no_comments', 'signatures', 'path_only'] as const;
export type PackLevel = (typeof PACK_LEVELS)[number];

/** The share of a model's context window `fit` leaves free for the prompt and the answer. */
export const DEFAULT_RESERVE_FRACTION = 0.25;
