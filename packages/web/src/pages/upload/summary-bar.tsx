import type { JobCreditType } from '@repobundle/contract';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.js';
import { Tooltip } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { LIST_PRICE, type CreditPrice, type SelectionEstimate } from './rules/estimate.js';
import uploadPageStyles from './upload-page.module.css';
import fitTabStyles from './fit/fit-tab.module.css';

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

function Stat({
  label,
  short,
  value,
  hint,
  testId,
  busy,
  title,
  secondary,
}: {
  label: string;
  short: string;
  value: string;
  hint?: string;
  testId?: string;
  /** Still being counted: the value is a lower bound or an estimate. */
  busy?: boolean;
  title?: string;
  /** Left out of the folded bar on a phone. */
  secondary?: boolean;
}) {
  return (
    <div
      className={
        secondary
          ? `${uploadPageStyles.summaryStat} ${uploadPageStyles.summaryStatSecondary}`
          : uploadPageStyles.summaryStat
      }
      data-testid="summary-stat"
      title={title}
    >
      <span className={uploadPageStyles.summaryLabel}>
        <span className={uploadPageStyles.labelLong}>{label}</span>
        <span className={uploadPageStyles.labelShort} aria-hidden="true">
          {short}
        </span>
      </span>
      <strong
        className={
          busy
            ? `${uploadPageStyles.summaryValue} ${uploadPageStyles.summaryValuePending}`
            : uploadPageStyles.summaryValue
        }
        data-testid={testId}
        aria-busy={busy ? 'true' : undefined}
      >
        {value}
      </strong>
      {hint && (
        <span className={`${uploadPageStyles.summaryHint} ${fitTabStyles.summaryHint}`}>
          {hint}
        </span>
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
      className={uploadPageStyles.processButton}
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
    <div
      className={
        unfolded
          ? `${uploadPageStyles.summaryBar} ${fitTabStyles.summaryBar} ${uploadPageStyles.isUnfolded} ${fitTabStyles.isUnfolded}`
          : `${uploadPageStyles.summaryBar} ${fitTabStyles.summaryBar}`
      }
      role="region"
      aria-label="Summary"
    >
      <button
        type="button"
        className={uploadPageStyles.summaryFold}
        aria-expanded={unfolded}
        aria-controls={detailsId}
        aria-label={unfolded ? 'Fewer details' : 'More details'}
        onClick={() => setUnfolded((value) => !value)}
      >
        <Icon name="chevronDown" size={16} />
      </button>
      <div className={uploadPageStyles.summaryStats} id={detailsId}>
        <Stat
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
        <Stat
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
        <Stat
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
        <Stat
          label="Credits"
          short="Credits"
          value={`${estimate.linesExact ? '' : '~'}${number(estimate.credits)}`}
          hint="1 per 2,000 lines"
          testId="estimate-credits"
          busy={!estimate.linesExact}
        />
        <Stat
          secondary
          label="Estimate"
          short="Cost"
          value={`$${(estimate.credits * price.perCredit).toFixed(2)}`}
          hint={price.basis}
          testId="estimate-dollars"
        />
      </div>
      <div className={uploadPageStyles.summaryActions}>
        {showCreditChoice && (
          <label className={uploadPageStyles.summaryCredit}>
            <span
              className={`${uploadPageStyles.summaryLabel} ${uploadPageStyles.summaryCreditLabel}`}
            >
              Pay with
            </span>
            <select
              aria-label="Pay with"
              className={`select ${uploadPageStyles.selectSm}`}
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
