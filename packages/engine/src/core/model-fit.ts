import type { ModelInfo, TokenizerName } from '@repobundle/contract/models';
import { findModel } from '@repobundle/contract/models';

/**
 * The bundle's size for the model the user targets (`target_model`), and whether it fits the
 * model's context window. Field names are the job's snake_case, as `--json` and the overview
 * print them.
 */
export interface ModelFit {
  readonly id: string;
  readonly name: string;
  readonly tokenizer: string;
  readonly context_window: number;
  readonly exact: boolean;
  /** Tokens of the output (every chunk as rendered, plus git context) for this model. */
  readonly tokens: number;
  /** For an estimate, the relative error it stays within (0.06 = +/-6%); null when exact. */
  readonly error_band: number | null;
  /** True or false; null when an estimate's band straddles the window. */
  readonly fits: boolean | null;
}

/**
 * The tokenizer a run counts with: the target model's when its tokenizer is public, the base of
 * its estimate otherwise, else the `encoding` option.
 */
export function countingTokenizer(options: {
  readonly encoding: TokenizerName;
  readonly targetModel?: string | undefined;
}): TokenizerName {
  const model = options.targetModel === undefined ? undefined : findModel(options.targetModel);
  if (model === undefined) return options.encoding;
  return model.exact ? model.tokenizer : model.base;
}

/** The fit of `outputTokens` (counted with countingTokenizer) for the model named `id`. */
export function fitModel(id: string, outputTokens: number): ModelFit {
  const model: ModelInfo | undefined = findModel(id);
  if (model === undefined) throw new Error(`unknown model ${id}`);
  const row = {
    id: model.id,
    name: model.name,
    tokenizer: model.tokenizer,
    context_window: model.context_window,
    exact: model.exact,
  };
  if (model.exact) {
    return {
      ...row,
      tokens: outputTokens,
      error_band: null,
      fits: outputTokens <= model.context_window,
    };
  }
  const tokens = Math.round(outputTokens * model.ratio);
  const low = tokens * (1 - model.error_band);
  const high = tokens * (1 + model.error_band);
  return {
    ...row,
    tokens,
    error_band: model.error_band,
    fits: high <= model.context_window ? true : low > model.context_window ? false : null,
  };
}

const number = new Intl.NumberFormat('en-US');

/** "~312,000 tokens, +/-6%" for an estimate (rounded to its precision), "123,456 tokens" if exact. */
export function describeModelTokens(fit: ModelFit): string {
  if (fit.error_band === null) return `${number.format(fit.tokens)} tokens`;
  const rounded = roundForBand(fit.tokens, fit.error_band);
  return `~${number.format(rounded)} tokens, +/-${Math.round(fit.error_band * 100)}%`;
}

/** "fits", "does not fit", or "may not fit" (an estimate's band straddles the window). */
export function describeFit(fit: ModelFit): string {
  const window = `the ${number.format(fit.context_window)}-token window`;
  if (fit.fits === true) return `fits ${window}`;
  if (fit.fits === false) return `does not fit ${window}`;
  return `may not fit ${window}`;
}

/** One line: "Llama 3.1 (llama3): 123,456 tokens; fits the 131,072-token window". */
export function describeModelFit(fit: ModelFit): string {
  const tokenizer = fit.exact ? fit.tokenizer : `${fit.tokenizer}, estimated`;
  return `${fit.name} (${tokenizer}): ${describeModelTokens(fit)}; ${describeFit(fit)}`;
}

/** Three significant digits at most: an estimate shows no more precision than it has. */
function roundForBand(tokens: number, band: number): number {
  if (tokens < 1000 || band <= 0) return tokens;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(tokens)) - 2);
  return Math.round(tokens / step) * step;
}
