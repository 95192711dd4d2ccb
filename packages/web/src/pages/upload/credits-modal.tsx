import type { JobCreditType } from '@repobundle/contract';
import { Button, ButtonLink } from '../../components/ui/button.js';
import { Dialog } from '../../components/ui/dialog.js';
import type { CreditDecision, CreditKind } from './rules/credit-choice.js';
import styles from './credits-modal.module.css';

interface CreditsModalProps {
  decision: Exclude<CreditDecision, { kind: 'enough' }>;
  chosen: CreditKind;
  balances: { monthly: number; purchased: number };
  onConfirm(creditType: JobCreditType): void;
  onClose(): void;
}

/** Shown on Process when the chosen credits are short. */
export function CreditsModal({
  decision,
  chosen,
  balances,
  onConfirm,
  onClose,
}: CreditsModalProps) {
  const needed = decision.needed;
  const other: CreditKind = chosen === 'monthly' ? 'purchased' : 'monthly';
  const otherCovers = decision.kind === 'hybrid' && balances[other] >= needed;
  return (
    <Dialog
      open
      title={decision.kind === 'hybrid' ? `Not enough ${chosen} credits` : 'Not enough credits'}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          {decision.kind === 'hybrid' ? (
            <>
              {otherCovers && (
                <Button variant="secondary" onClick={() => onConfirm(other)}>
                  Use {other} credits
                </Button>
              )}
              <Button onClick={() => onConfirm('hybrid')}>Use Both Credit Types</Button>
            </>
          ) : (
            <ButtonLink to="/pricing">Purchase More Credits</ButtonLink>
          )}
        </>
      }
    >
      <div className="stack credits-modal">
        <p>
          This job requires {needed.toLocaleString('en-US')} credits, but you only have{' '}
          {balances[chosen].toLocaleString('en-US')} {chosen} credits available.
        </p>
        {decision.kind === 'hybrid' ? (
          <p className="muted">
            We can use your remaining {chosen} credits and cover the rest with {other} credits.
          </p>
        ) : (
          <div className="alert alert-warning" role="status">
            <div>
              Neither credit type alone nor combined covers the cost. You need{' '}
              {needed.toLocaleString('en-US')} credits but only have{' '}
              {decision.total.toLocaleString('en-US')} total credits available.
            </div>
          </div>
        )}
        <dl className={styles.creditBalances}>
          <div>
            <dt>Monthly</dt>
            <dd>{balances.monthly.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>Purchased</dt>
            <dd>{balances.purchased.toLocaleString('en-US')}</dd>
          </div>
          <div>
            <dt>This job</dt>
            <dd>{needed.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        {decision.kind === 'hybrid' && (
          <ButtonLink to="/pricing" variant="ghost" size="sm">
            Purchase More Credits
          </ButtonLink>
        )}
      </div>
    </Dialog>
  );
}
