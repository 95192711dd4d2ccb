import { findModel, type ModelRow } from '@repobundle/contract';

/**
 * The browser always counts o200k_base, and the chosen model's own tokenizer when its vocabulary
 * ships with the app. For a model whose tokenizer it does not count (Claude's is not public) the
 * upload page shows o200k_base's count times a ratio, within a band: the middle of the ratios measured on several
 * published packages' code, and their farthest distance plus two points (docs/product.md, "Fit to
 * a model"). The job itself counts with the model's own tokenizer.
 */
const O200K_RATIOS: Readonly<Record<string, { ratio: number; band: number }>> = {
  cl100k_base: { ratio: 1.018, band: 0.06 },
  llama3: { ratio: 1, band: 0.04 },
  qwen3: { ratio: 1.024, band: 0.05 },
  deepseek_v3: { ratio: 1.068, band: 0.06 },
  tekken: { ratio: 1.063, band: 0.05 },
  gemma3: { ratio: 1.173, band: 0.05 },
};

/** The selection's tokens for one model, and how they compare with its window or the budget. */
export interface ModelTokens {
  tokens: number;
  exact: boolean;
  /** For an estimate: the relative error it stays within (0.04 = ±4%). */
  band: number | null;
  /** How the figure was reached, for a person. */
  basis: string;
  limit: number;
  limitKind: 'window' | 'budget';
  /** Null when an estimate's band straddles the limit. */
  fits: boolean | null;
}

/** Three significant digits at most: an estimate shows no more precision than it has. */
export function roundEstimate(tokens: number): number {
  if (tokens < 1000) return tokens;
  const step = 10 ** (Math.floor(Math.log10(tokens)) - 2);
  return Math.round(tokens / step) * step;
}

function estimateOf(model: ModelRow): { ratio: number; band: number; source: string } | null {
  const info = findModel(model.id);
  if (info && !info.exact && info.base === 'o200k_base') {
    return { ratio: info.ratio, band: info.error_band, source: 'calibrated on code' };
  }
  const measured = O200K_RATIOS[model.tokenizer];
  return measured ? { ...measured, source: `${model.tokenizer} measured on code` } : null;
}

/**
 * The selection's tokens as the chosen model counts them: exact when the model uses o200k_base or
 * `ownTokens` were counted with its tokenizer, else an estimate from `o200kTokens` with its band
 * (null when none is calibrated for its tokenizer).
 */
export function modelTokensOf(
  model: ModelRow,
  o200kTokens: number,
  budget: number | null,
  ownTokens: number | null = null,
): ModelTokens | null {
  const limit = budget ?? model.context_window;
  const limitKind = budget === null ? 'window' : 'budget';
  const counted = model.tokenizer === 'o200k_base' ? o200kTokens : ownTokens;
  if (counted !== null) {
    return {
      tokens: counted,
      exact: true,
      band: null,
      basis: `${model.tokenizer}, counted exactly in your browser`,
      limit,
      limitKind,
      fits: counted <= limit,
    };
  }
  const estimate = estimateOf(model);
  if (!estimate) return null;
  const tokens = Math.round(o200kTokens * estimate.ratio);
  const low = tokens * (1 - estimate.band);
  const high = tokens * (1 + estimate.band);
  return {
    tokens,
    exact: false,
    band: estimate.band,
    basis: `o200k_base × ${estimate.ratio} (${estimate.source}), ±${Math.round(estimate.band * 100)}%${model.exact ? `; the job counts exactly with ${model.tokenizer}` : ''}`,
    limit,
    limitKind,
    fits: high <= limit ? true : low > limit ? false : null,
  };
}
