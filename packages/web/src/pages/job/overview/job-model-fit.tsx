import type { ModelFitResponse } from '@repobundle/contract';
import { formatNumber } from '../../../lib/format.js';

/** An estimate shows no more precision than it has: three significant digits. */
function roundEstimate(tokens: number): number {
  if (tokens < 1000) return tokens;
  const step = 10 ** (Math.floor(Math.log10(tokens)) - 2);
  return Math.round(tokens / step) * step;
}

export function modelTokensText(fit: ModelFitResponse): string {
  if (fit.error_band === null) return `${formatNumber(fit.tokens)} tokens`;
  return `~${formatNumber(roundEstimate(fit.tokens))} tokens, +/-${Math.round(fit.error_band * 100)}%`;
}

export function fitText(fit: ModelFitResponse): string {
  const window = `the ${formatNumber(fit.context_window)}-token window`;
  if (fit.fits === true) return `Fits ${window}`;
  if (fit.fits === false) return `Does not fit ${window}`;
  return `May not fit ${window}`;
}

/**
 * The output's size for the job's target model and whether it fits the model's context window;
 * an estimate (a model whose tokenizer is not public) says so and gives its error band.
 */
export function JobModelFit({ fit }: { fit: ModelFitResponse }) {
  const tone =
    fit.fits === true ? 'badge-success' : fit.fits === false ? 'badge-danger' : 'badge-warning';
  return (
    <section className="card" aria-labelledby="job-model-fit-title">
      <div className="card-header">
        <h2 id="job-model-fit-title" className="card-title">
          Target model
        </h2>
      </div>
      <div className="card-body stack">
        <p>
          <strong>{fit.name}</strong>{' '}
          <span className="faint">
            ({fit.tokenizer}, {fit.exact ? 'exact count' : 'estimated: its tokenizer is not public'}
            )
          </span>
        </p>
        <p data-testid="model-tokens">{modelTokensText(fit)} in the output</p>
        <p>
          <span className={`badge ${tone}`} data-testid="model-fit">
            {fitText(fit)}
          </span>
        </p>
      </div>
    </section>
  );
}
