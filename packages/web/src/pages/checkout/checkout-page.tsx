import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/api-error.js';
import { useFinishCheckout } from '../../api/mutations.js';
import { useCheckoutSession } from '../../api/queries.js';
import type { CheckoutSession } from '@repobundle/contract';
import { AuthCard } from '../../components/auth/auth-card.js';
import { Button } from '../../components/ui/button.js';
import { Alert, Spinner } from '../../components/ui/feedback.js';
import { formatNumber, formatUsd } from '../../lib/format.js';
import styles from './checkout-page.module.css';

const NOT_FOUND = 'This checkout does not exist or belongs to another account.';
const FAILED = 'The payment could not be completed. Please try again.';

/**
 * The built-in test-mode checkout (no payment provider configured): the order, and a
 * button that completes it without a card. With Stripe configured, checkout goes to Stripe instead.
 */
export function CheckoutPage() {
  const { sessionId = '' } = useParams();
  const navigate = useNavigate();
  const session = useCheckoutSession(sessionId);
  const finishing = useFinishCheckout(sessionId);
  // The buttons stay busy after success too, while the page leaves for the outcome.
  const busy = finishing.isPending || finishing.isSuccess ? (finishing.variables ?? null) : null;
  const error = finishing.error
    ? isApiError(finishing.error) && finishing.error.message
      ? finishing.error.message
      : FAILED
    : null;

  const finish = (action: 'pay' | 'cancel') => {
    finishing.mutate(action, {
      onSuccess: (outcome) => {
        const target = new URL(outcome.redirect_url, window.location.origin);
        // Same origin: stay in the app; another (a configured APP_URL) needs a full load.
        if (target.origin === window.location.origin) {
          void navigate(`${target.pathname}${target.search}`, { replace: true });
        } else {
          window.location.assign(target.href);
        }
      },
    });
  };

  if (session.isPending) {
    return (
      <div className="center-screen">
        <Spinner label="Loading checkout" />
      </div>
    );
  }
  if (session.isError) {
    return (
      <AuthCard
        icon="credit"
        title="Checkout not found"
        footer={<Link to="/pricing">Back to Pricing</Link>}
      >
        <Alert tone="danger">
          {isApiError(session.error) && session.error.status === 404 ? NOT_FOUND : FAILED}
        </Alert>
      </AuthCard>
    );
  }

  const order = session.data;
  return (
    <AuthCard
      icon="credit"
      title="Checkout"
      subtitle="Test mode: no card is charged and no payment details are needed."
      footer={<Link to="/pricing">Back to Pricing</Link>}
    >
      <div className="stack">
        <OrderSummary order={order} />
        {error && <Alert tone="danger">{error}</Alert>}
        {order.status === 'pending' ? (
          <>
            <Button
              size="lg"
              block
              loading={busy === 'pay'}
              disabled={busy !== null}
              onClick={() => finish('pay')}
            >
              Pay {formatUsd(order.amount_cents / 100)}
            </Button>
            <Button
              variant="secondary"
              block
              loading={busy === 'cancel'}
              disabled={busy !== null}
              onClick={() => finish('cancel')}
            >
              Cancel
            </Button>
          </>
        ) : (
          <Alert tone={order.status === 'completed' ? 'success' : 'info'}>
            {order.status === 'completed'
              ? 'This checkout is already paid.'
              : 'This checkout was cancelled.'}
          </Alert>
        )}
      </div>
    </AuthCard>
  );
}

function OrderSummary({ order }: { order: CheckoutSession }) {
  const rows: [string, string][] = [['Item', order.description]];
  if (order.credits) rows.push(['Credits', formatNumber(order.credits)]);
  if (order.billing_cycle) {
    rows.push(['Billing', order.billing_cycle === 'yearly' ? 'Yearly' : 'Monthly']);
  }
  rows.push(['Total', formatUsd(order.amount_cents / 100)]);
  return (
    <dl className={`${styles.orderSummary} card card-body`}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.orderRow}>
          <dt className="faint">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
