import type { ChunkingStrategy } from '@repobundle/contract';
import { STRATEGY_LABELS } from './advanced-summary.js';
import { overlapError, type UploadOptions } from './job-fields.js';
import { formatTokenLimit } from './token-limits.js';
import type { UpdateOption } from './use-upload-options.js';
import { cx } from '../../../lib/class-names.js';
import tabStyles from './config-tab.module.css';
import styles from './chunking-tab.module.css';

const STRATEGIES: ReadonlyArray<{ id: ChunkingStrategy; description: string }> = [
  {
    id: 'fixed',
    description: 'Windows of exactly the token limit, cut at line ends, with optional overlap.',
  },
  {
    id: 'file_based',
    description: 'Whole files packed in order; a file larger than the limit is split at line ends.',
  },
  {
    id: 'semantic',
    description: 'Cuts at declarations, classes and functions, so no function is split in two.',
  },
  {
    id: 'auto',
    description: 'Semantic where the language has a grammar, file based elsewhere.',
  },
];

/** Chunking Strategy: the four strategies, with the overlap of fixed windows. */
export function ChunkingTab({ options, update }: { options: UploadOptions; update: UpdateOption }) {
  const error = overlapError(options);
  return (
    <div className="stack">
      <fieldset className={tabStyles.configSection}>
        <legend className={tabStyles.configLegend}>Strategy</legend>
        <div className={styles.strategyGrid}>
          {STRATEGIES.map((strategy) => (
            <label
              key={strategy.id}
              className={cx(
                tabStyles.optionCard,
                options.chunkingStrategy === strategy.id && tabStyles.isSelected,
              )}
            >
              <input
                type="radio"
                name="chunking-strategy"
                value={strategy.id}
                checked={options.chunkingStrategy === strategy.id}
                onChange={() => update('chunkingStrategy', strategy.id)}
              />
              <span className={tabStyles.optionCardTitle}>{STRATEGY_LABELS[strategy.id]}</span>
              <span className={tabStyles.optionCardHint}>{strategy.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {options.chunkingStrategy === 'fixed' && (
        <div className={`field ${styles.overlapField}`}>
          <label className="field-label" htmlFor="chunk-overlap">
            Overlap between chunks (tokens)
          </label>
          <input
            id="chunk-overlap"
            className="input"
            type="number"
            min={0}
            max={options.tokenLimit / 2}
            step={100}
            value={Number.isNaN(options.chunkOverlap) ? '' : options.chunkOverlap}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('chunkOverlap', event.target.valueAsNumber)}
          />
          {error ? (
            <span className="field-error" role="alert">
              {error}
            </span>
          ) : (
            <span className="field-hint">
              Repeats the end of each chunk at the start of the next: 0 to{' '}
              {(options.tokenLimit / 2).toLocaleString('en-US')} with the{' '}
              {formatTokenLimit(options.tokenLimit)} limit.
            </span>
          )}
        </div>
      )}
    </div>
  );
}
