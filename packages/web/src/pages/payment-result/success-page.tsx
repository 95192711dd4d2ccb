import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icons.js';
import { useSession } from '../../session/session-context.js';
import { buttonClass } from '../../components/ui/button.js';
import styles from './payment-result.module.css';

export function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { user, refreshUser } = useSession();
  const refreshed = useRef(false);
  useEffect(() => {
    // Once on arrival: the purchase changed the balances.
    if (!user || refreshed.current) return;
    refreshed.current = true;
    void refreshUser(true);
  }, [user, refreshUser]);
  return (
    <div className="center-screen container">
      <span className={`empty-icon ${styles.resultIcon} ${styles.success}`}>
        <Icon name="check" size={30} />
      </span>
      <h1 className={styles.title}>Payment successful</h1>
      <p className={`muted ${styles.lead}`}>
        Thank you! Your credits are on your account and ready to use.
      </p>
      {sessionId && (
        <div className={`card card-body ${styles.txn}`}>
          <span className="faint">Transaction ID</span>
          <code>{sessionId}</code>
        </div>
      )}
      <div className={`row ${styles.actions}`}>
        <Link to="/dashboard" className={buttonClass({ variant: 'primary' })}>
          Go to Dashboard
        </Link>
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
