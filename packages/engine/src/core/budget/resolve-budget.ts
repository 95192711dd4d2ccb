import { DEFAULT_RESERVE_FRACTION, findModel } from '@repobundle/contract/models';
import { EngineError } from '../../errors.js';

/** The budget a run packs to, settled from the options before any file is read. */
export interface TokenBudget {
  /** The budget in the target model's tokens (or the encoding's, without a model). */
  readonly tokens: number;
  /** Where it came from: the number given, or the model's window minus the reserve. */
  readonly source: 'token_budget' | 'fit_to_model';
  /** With fit: the tokens left free of the window. */
  readonly reserve?: number;
  /**
   * The budget in tokens of the tokenizer the run counts with. Equal to `tokens` when the model's
   * tokenizer is public; for an estimated model, the largest count whose estimate stays within
   * `tokens` even at the top of its error band.
   */
  readonly countedTokens: number;
}

export interface BudgetOptions {
  readonly tokenBudget?: number | undefined;
  readonly fitToModel: boolean;
  readonly reserveTokens?: number | undefined;
  readonly targetModel?: string | undefined;
}

/**
 * The token budget the options ask for, or undefined when they ask for none. A contradiction
 * (fit without a model, both a budget and fit, a reserve as large as the window) is an
 * INVALID_OPTIONS error saying what to change.
 */
export function resolveBudget(options: BudgetOptions): TokenBudget | undefined {
  const model = options.targetModel === undefined ? undefined : findModel(options.targetModel);
  if (!options.fitToModel) {
    if (options.reserveTokens !== undefined) {
      throw invalid('reserve_tokens (--reserve) goes with fit_to_model (--fit).');
    }
    if (options.tokenBudget === undefined) return undefined;
    return {
      tokens: options.tokenBudget,
      source: 'token_budget',
      countedTokens: countedBudget(options.tokenBudget, model),
    };
  }
  if (options.tokenBudget !== undefined) {
    throw invalid(
      'token_budget (--token-budget) and fit_to_model (--fit) both set the budget: give one.',
    );
  }
  if (model === undefined) {
    throw invalid('fit_to_model (--fit) needs a target model (--model ID) whose window to fill.');
  }
  const window = model.context_window;
  const reserve = options.reserveTokens ?? Math.floor(window * DEFAULT_RESERVE_FRACTION);
  if (reserve >= window) {
    throw invalid(
      `reserve_tokens (--reserve) must be less than ${model.id}'s context window of ${window} tokens; got ${reserve}.`,
    );
  }
  const tokens = window - reserve;
  return { tokens, source: 'fit_to_model', reserve, countedTokens: countedBudget(tokens, model) };
}

function countedBudget(tokens: number, model: ReturnType<typeof findModel>): number {
  if (model === undefined || model.exact) return tokens;
  // An estimate is the count times the model's ratio, +/- its band: stay under at the top of it.
  return Math.max(1, Math.floor(tokens / (model.ratio * (1 + model.error_band))));
}

function invalid(message: string): EngineError {
  return new EngineError('INVALID_OPTIONS', `Invalid options: ${message}`);
}
