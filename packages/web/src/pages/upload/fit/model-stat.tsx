import type { ModelRow } from '@repobundle/contract';
import { formatNumber } from '../../../lib/format.js';
import { modelTokensOf, roundEstimate } from './model-tokens.js';
import { SummaryStat, type VerdictTone } from '../summary-bar.js';

interface ModelStatProps {
  model: ModelRow;
  /** The selection's exact o200k_base tokens so far. */
  o200kTokens: number;
  /** The selection's tokens so far with the model's own tokenizer, when the browser counts it. */
  ownTokens: number | null;
  /** False while files are still being counted: the figure is then a lower bound. */
  counted: boolean;
  budget: number | null;
}

/**
 * The summary bar's figure for the chosen model: the selection's tokens as that model counts
 * them (exact when counted with its tokenizer, else an estimate marked ~ with its basis) and
 * whether they fit its window or the budget.
 */
export function ModelStat({ model, o200kTokens, ownTokens, counted, budget }: ModelStatProps) {
  const result = modelTokensOf(model, o200kTokens, budget, ownTokens);
  const limitText =
    result === null
      ? ''
      : `${formatNumber(result.limit)} ${result.limitKind === 'budget' ? 'budget' : 'window'}`;
  let verdict = 'counting';
  let tone: VerdictTone | null = null;
  if (result === null) {
    verdict = 'no estimate for this tokenizer';
  } else if (counted || result.fits === false) {
    // While counting, only "over" is already certain: the count only grows.
    if (result.fits === true) {
      verdict = `fits ${limitText}`;
      tone = 'fits';
    } else if (result.fits === false) {
      verdict = `over ${limitText}`;
      // Over a budget is what packing is for: the job degrades files until the bundle fits.
      tone = result.limitKind === 'budget' ? 'maybe' : 'over';
    } else {
      verdict = `may not fit ${limitText}`;
      tone = 'maybe';
    }
  }
  const explanation =
    result === null
      ? undefined
      : `${model.name}: ${result.basis}.${
          result.limitKind === 'budget' && result.fits !== true
            ? ' Over the budget, the job degrades the least important files until the bundle fits.'
            : ''
        }`;
  const value =
    result === null
      ? '—'
      : result.exact
        ? `${counted ? '' : '≥'}${formatNumber(result.tokens)}`
        : `~${formatNumber(roundEstimate(result.tokens))}`;
  return (
    <SummaryStat
      secondary
      label={model.name}
      short="Model"
      value={value}
      look={result?.exact ? 'exact' : 'estimate'}
      busy={!counted}
      title={explanation}
      statTestId="model-stat"
      testId="estimate-model-tokens"
      hintTestId="estimate-model-fit"
      verdict={tone}
      hint={
        <>
          {result && !result.exact && `±${Math.round((result.band ?? 0) * 100)}% · `}
          {verdict}
        </>
      }
    />
  );
}
