import { DEFAULT_RESERVE_FRACTION, PACK_LEVELS, type ModelRow } from '@repobundle/contract';
import { Link } from 'react-router';
import {
  LEVEL_HINTS,
  LEVEL_LABELS,
  levelClass,
} from '../../../components/pack-levels/pack-levels.js';
import { Badge } from '../../../components/ui/feedback.js';
import { TextField } from '../../../components/ui/field.js';
import { Icon } from '../../../components/ui/icons.js';
import { Select } from '../../../components/ui/select.js';
import { formatNumber } from '../../../lib/format.js';
import type { UploadOptions } from '../config/job-fields.js';
import { OptionToggle } from '../config/option-toggle.js';
import type { UpdateOption } from '../config/use-upload-options.js';
import { chosenBudget, fitError, type BudgetMode, type FitOptions } from './fit-options.js';
import { useModels } from './use-models.js';
import { cx } from '../../../lib/class-names.js';
import tabStyles from '../config/config-tab.module.css';
import styles from './fit-tab.module.css';

const MODES: ReadonlyArray<{ mode: BudgetMode; title: string; hint: string }> = [
  { mode: 'none', title: 'No budget', hint: 'Every selected file, whole' },
  { mode: 'budget', title: 'Token budget', hint: 'The bundle stays within N tokens' },
  { mode: 'fit', title: 'Fit to the model', hint: 'Its window less a reserve' },
];

function modelLabel(model: ModelRow): string {
  const count = model.exact ? 'exact' : `estimated ±${Math.round((model.error_band ?? 0) * 100)}%`;
  return `${model.name} · ${formatNumber(model.context_window)} tokens · ${count}`;
}

interface FitTabProps {
  options: UploadOptions;
  update: UpdateOption;
  /** Whether the person's plan packs to a budget (Starter and up). */
  budgetPacking: boolean;
}

/**
 * Fit to a model: the model counts are for, signatures-only compression, and packing to a token
 * budget (a plan feature) with the files to keep and the focus that rank what is degraded last.
 */
export function FitTab({ options, update, budgetPacking }: FitTabProps) {
  const { models, loading } = useModels();
  const fit = options.fit;
  const setFit = <K extends keyof FitOptions>(key: K, value: FitOptions[K]) =>
    update('fit', { ...fit, [key]: value });
  const model = models.find((row) => row.id === options.targetModel);
  const error = fitError(fit, options.targetModel);
  const budget = chosenBudget(fit, options.targetModel);
  const packing = fit.mode !== 'none';
  const defaultReserve = model ? Math.floor(model.context_window * DEFAULT_RESERVE_FRACTION) : null;
  return (
    <div className={`${tabStyles.configGrid} ${styles.fitTab}`}>
      <fieldset className={tabStyles.configSection}>
        <legend className={tabStyles.configLegend}>Model</legend>
        <div className="stack">
          <Select
            label="Target model"
            value={options.targetModel}
            disabled={loading && models.length === 0}
            options={[
              { value: '', label: 'None: count with o200k_base' },
              ...models.map((row) => ({ value: row.id, label: modelLabel(row) })),
            ]}
            onChange={(value) => update('targetModel', value)}
          />
          {model ? (
            <dl className={styles.fitModelFacts} aria-label="Model facts">
              <div>
                <dt>Tokenizer</dt>
                <dd>{model.tokenizer}</dd>
              </div>
              <div>
                <dt>Context window</dt>
                <dd>{formatNumber(model.context_window)}</dd>
              </div>
              <div>
                <dt>Counts</dt>
                <dd>
                  {model.exact ? (
                    <Badge tone="success">Exact</Badge>
                  ) : (
                    <Badge tone="warning">
                      Estimated ±{Math.round((model.error_band ?? 0) * 100)}%
                    </Badge>
                  )}
                </dd>
              </div>
            </dl>
          ) : (
            <span className="field-hint">
              The job counts with the model&apos;s own tokenizer and says whether the bundle fits
              its context window.
            </span>
          )}
        </div>
        <OptionToggle
          label="Signatures only"
          description="Compress: imports, types and signatures stay; function bodies become placeholders."
          checked={options.compress}
          onChange={(value) => update('compress', value)}
        />
        <div className={styles.fitLadder}>
          <span className={styles.fitLadderTitle} id="fit-ladder-title">
            Under a budget, files step down
          </span>
          <ol aria-labelledby="fit-ladder-title">
            {PACK_LEVELS.map((level) => (
              <li key={level} className={levelClass(level)}>
                <span className={styles.fitLadderDot} aria-hidden="true" />
                <span>
                  <strong>{LEVEL_LABELS[level]}</strong>
                  <span className="faint">{LEVEL_HINTS[level]}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </fieldset>
      <fieldset className={tabStyles.configSection}>
        <legend className={`${tabStyles.configLegend} ${styles.fitLegend}`}>
          Budget
          {!budgetPacking && <Badge tone="primary">Starter+</Badge>}
        </legend>
        <div className={styles.fitModeGrid} role="radiogroup" aria-label="Budget">
          {MODES.map(({ mode, title, hint }) => {
            const locked = mode !== 'none' && !budgetPacking;
            return (
              <label
                key={mode}
                className={cx(
                  tabStyles.optionCard,
                  locked && tabStyles.isLocked,
                  fit.mode === mode && tabStyles.isSelected,
                )}
              >
                <input
                  type="radio"
                  name="budget-mode"
                  value={mode}
                  checked={fit.mode === mode}
                  disabled={locked}
                  onChange={() => setFit('mode', mode)}
                />
                <span className={tabStyles.optionCardTitle}>
                  {title}
                  {locked && <Icon name="lock" size={13} />}
                </span>
                <span className={tabStyles.optionCardHint}>
                  {locked ? <Link to="/pricing">Upgrade to access</Link> : hint}
                </span>
              </label>
            );
          })}
        </div>
        {fit.mode === 'budget' && (
          <TextField
            label="Budget (tokens)"
            inputMode="numeric"
            placeholder="e.g. 100,000"
            value={fit.tokenBudget}
            onChange={(event) => setFit('tokenBudget', event.target.value)}
            hint="The whole bundle, overview included, in the model's tokens."
          />
        )}
        {fit.mode === 'fit' && (
          <TextField
            label="Reserve (tokens)"
            inputMode="numeric"
            placeholder={
              defaultReserve === null ? 'a quarter of the window' : formatNumber(defaultReserve)
            }
            value={fit.reserveTokens}
            onChange={(event) => setFit('reserveTokens', event.target.value)}
            hint="Left free for your prompt and the answer; empty means a quarter of the window."
          />
        )}
        {error ? (
          <span className="field-error" role="alert">
            {error}
          </span>
        ) : (
          budget !== null && (
            <p className={styles.fitBudgetLine} data-testid="fit-budget">
              <Icon name="layers" size={15} />
              <span>
                Packs to <strong>{formatNumber(budget)}</strong> tokens: least important files are
                degraded first (comments removed, then signatures only, then path only).
              </span>
            </p>
          )
        )}
        <div className="field">
          <label className="field-label" htmlFor="fit-focus">
            Focus
          </label>
          <textarea
            id="fit-focus"
            className={`input ${tabStyles.textarea}`}
            rows={2}
            maxLength={4096}
            disabled={!packing}
            placeholder="What the bundle is for, e.g. how failed charges are retried"
            value={fit.focus}
            onChange={(event) => setFit('focus', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="fit-keep">
            Always keep
          </label>
          <textarea
            id="fit-keep"
            className={`input ${tabStyles.textarea} ${tabStyles.codeFont}`}
            rows={2}
            disabled={!packing}
            placeholder={'src/billing/**\n*.sql'}
            value={fit.keepPatterns}
            onChange={(event) => setFit('keepPatterns', event.target.value)}
          />
          <span className="field-hint">
            {packing
              ? 'One glob per line: matching files are degraded last.'
              : 'Focus and kept files rank what a budget degrades: choose a budget to use them.'}
          </span>
        </div>
      </fieldset>
    </div>
  );
}
