import type { JobCreditType } from '@repobundle/contract';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.js';
import { Tooltip } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { LIST_PRICE, type CreditPrice, type SelectionEstimate } from './rules/estimate.js';
import { cx } from '../../lib/class-names.js';
import styles from './summary-bar.module.css';

export const OVER_LIMIT_TOOLTIP = 'Over limit for your plan.';

interface SummaryBarProps {
  estimate: SelectionEstimate;
  /** The person's own price per credit; without it the list price, labelled so. */
  price?: CreditPrice;
  creditType: JobCreditType;
  onCreditType(value: JobCreditType): void;
  overLimit: boolean;
  busy: boolean;
  blockedReason: string | null;
  onProcess(): void;
  /** Whether the person picks which credits pay (not on the demo, where nobody has any yet). */
  showCreditChoice?: boolean;
  /** The selection's figure for the chosen model, after the tokens. */
  modelStat?: ReactNode;
}

/** The tone of a verdict under a figure: fits, may not fit, over. */
export type VerdictTone = 'fits' | 'maybe' | 'over';

const VERDICT_TONES: Record<VerdictTone, string | undefined> = {
  fits: styles.verdictFits,
  maybe: styles.verdictMaybe,
  over: styles.verdictOver,
};

/** One figure of the summary bar: its label (short on a phone), value and hint. */
export function SummaryStat({
  label,
  short,
  value,
  hint,
  testId,
  statTestId = 'summary-stat',
  hintTestId,
  busy,
  look = busy ? 'pending' : 'exact',
  title,
  secondary,
  verdict,
}: {
  label: string;
  short: string;
  value: string;
  hint?: ReactNode;
  testId?: string;
  statTestId?: string;
  hintTestId?: string;
  /** Still being counted: the value is a lower bound or an estimate. */
  busy?: boolean;
  /** How the value reads: muted and slanted while counted, muted when only an estimate. */
  look?: 'exact' | 'pending' | 'estimate';
  title?: string | undefined;
  /** Left out of the folded bar on a phone. */
  secondary?: boolean;
  /** The hint is a verdict on the figure, in this tone (none while undecided). */
  verdict?: VerdictTone | null;
}) {
  return (
    <div
      className={cx(styles.summaryStat, secondary && styles.summaryStatSecondary)}
      data-testid={statTestId}
      title={title}
    >
      <span className={styles.summaryLabel}>
        <span className={styles.labelLong}>{label}</span>
        <span className={styles.labelShort} aria-hidden="true">
          {short}
        </span>
      </span>
      <strong
        className={cx(
          styles.summaryValue,
          look === 'pending' && styles.summaryValuePending,
          look === 'estimate' && styles.summaryValueEstimate,
        )}
        data-testid={testId}
        aria-busy={busy ? 'true' : undefined}
      >
        {value}
      </strong>
      {verdict !== undefined ? (
        <span
          className={cx(styles.summaryHint, styles.verdict, verdict && VERDICT_TONES[verdict])}
          data-testid={hintTestId}
        >
          {hint}
        </span>
      ) : (
        hint && <span className={styles.summaryHint}>{hint}</span>
      )}
    </div>
  );
}

const number = (value: number) => value.toLocaleString('en-US');

/**
 * Selected files, lines, exact tokens, credits and dollars, and the Process button. On a phone
 * the bar folds to one strip (files, tokens, credits, Process) and unfolds for the rest.
 */
export function SummaryBar(props: SummaryBarProps) {
  const { estimate, overLimit, busy } = props;
  const showCreditChoice = props.showCreditChoice ?? true;
  const [unfolded, setUnfolded] = useState(false);
  const detailsId = useId();
  const price = props.price ?? LIST_PRICE;
  const disabled = estimate.files === 0 || busy || overLimit || props.blockedReason !== null;
  const button = (
    <Button
      size="lg"
      className={styles.processButton}
      onClick={props.onProcess}
      disabled={disabled}
      loading={busy}
      aria-describedby={overLimit ? 'over-limit-tip' : undefined}
    >
      <Icon name="zap" size={17} />
      Process
    </Button>
  );
  return (
    <div className={styles.summaryBar} data-unfolded={unfolded} role="region" aria-label="Summary">
      <button
        type="button"
        className={styles.summaryFold}
        aria-expanded={unfolded}
        aria-controls={detailsId}
        aria-label={unfolded ? 'Fewer details' : 'More details'}
        onClick={() => setUnfolded((value) => !value)}
      >
        <Icon name="chevronDown" size={16} />
      </button>
      <div className={styles.summaryStats} id={detailsId}>
        <SummaryStat
          label="Selected files"
          short="Files"
          value={number(estimate.files)}
          testId="estimate-files"
          hint={estimate.ignored ? `${number(estimate.ignored)} ignored by patterns` : undefined}
          title={
            estimate.ignored
              ? 'Checked files the job leaves out: matched by .gitignore or your custom patterns.'
              : undefined
          }
        />
        <SummaryStat
          secondary
          label={estimate.linesExact ? 'Lines' : 'Approx. lines'}
          short="Lines"
          value={`${estimate.linesExact ? '' : '~'}${number(estimate.lines)}`}
          testId="estimate-lines"
          busy={!estimate.linesExact}
          title={
            estimate.linesExact
              ? 'Lines of the selected files: what credits are priced by.'
              : 'Counting the selected files; until then some lines are estimated from file sizes.'
          }
        />
        <SummaryStat
          label="Tokens"
          short="Tokens"
          value={`${estimate.tokensExact ? '' : '≥'}${number(estimate.tokens)}`}
          hint={
            estimate.tokensExact
              ? 'o200k_base'
              : `counting ${number(estimate.counted)}/${number(estimate.files)}`
          }
          testId="estimate-tokens"
          busy={!estimate.tokensExact}
          title="Exact tokens of the selected files' text (o200k_base, the encoding the job uses)."
        />
        {props.modelStat}
        <SummaryStat
          label="Credits"
          short="Credits"
          value={`${estimate.linesExact ? '' : '~'}${number(estimate.credits)}`}
          hint="1 per 2,000 lines"
          testId="estimate-credits"
          busy={!estimate.linesExact}
        />
        <SummaryStat
          secondary
          label="Estimate"
          short="Cost"
          value={`$${(estimate.credits * price.perCredit).toFixed(2)}`}
          hint={price.basis}
          testId="estimate-dollars"
        />
      </div>
      <div className={styles.summaryActions}>
        {showCreditChoice && (
          <label className={styles.summaryCredit}>
            <span className={`${styles.summaryLabel} ${styles.summaryCreditLabel}`}>Pay with</span>
            <select
              aria-label="Pay with"
              className={`select ${styles.selectSm}`}
              value={props.creditType}
              onChange={(event) => props.onCreditType(event.target.value as JobCreditType)}
            >
              <option value="monthly">Monthly credits</option>
              <option value="purchased">Purchased credits</option>
              <option value="hybrid">Both (hybrid)</option>
            </select>
          </label>
        )}
        {overLimit ? (
          <Tooltip text={OVER_LIMIT_TOOLTIP}>
            <span id="over-limit-tip" className="sr-only">
              {OVER_LIMIT_TOOLTIP}
            </span>
            {button}
          </Tooltip>
        ) : props.blockedReason ? (
          <Tooltip text={props.blockedReason}>{button}</Tooltip>
        ) : (
          button
        )}
      </div>
    </div>
  );
}
