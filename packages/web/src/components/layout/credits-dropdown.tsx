import { Link } from 'react-router';
import type { User } from '../../api/types.js';
import { formatDate, formatNumber } from '../../lib/format.js';
import { ROLE_LABELS } from '../../lib/plans.js';
import { Icon } from '../ui/icons.js';
import { Popover } from '../ui/popover.js';
import { buttonClass } from '../ui/button.js';
import styles from './credits-dropdown.module.css';
import menu from './menu.module.css';

export const LOW_MONTHLY_CREDITS = 100;

export function CreditsSummary({
  user,
  onNavigate,
  hideHeading = false,
}: {
  user: User;
  onNavigate?: () => void;
  hideHeading?: boolean;
}) {
  const plan = ROLE_LABELS[(user.subscription_plan ?? user.role).toLowerCase()] ?? user.role;
  const cycle = user.billing_cycle ? ` (${user.billing_cycle})` : '';
  return (
    <div>
      {!hideHeading && (
        <div className={menu.menuHead}>
          <strong>Your credits</strong>
        </div>
      )}
      <div className={styles.creditRow}>
        <span>
          Monthly credits
          <br />
          <span className="faint">Resets {formatDate(user.monthly_credits_reset_date)}</span>
        </span>
        <strong>{formatNumber(user.monthly_credits)}</strong>
      </div>
      <div className={styles.creditRow}>
        <span>
          Purchased credits
          <br />
          <span className="faint">Never Expire</span>
        </span>
        <strong>{formatNumber(user.purchased_credits)}</strong>
      </div>
      <div className={menu.menuSep} />
      <div className={styles.creditRow}>
        <span>Total available</span>
        <strong>{formatNumber(user.credits_available)}</strong>
      </div>
      <div className={styles.creditRow}>
        <span>
          Next billing
          <br />
          <span className="faint">
            {plan} plan{cycle}
          </span>
        </span>
        <span>{formatDate(user.next_billing_date)}</span>
      </div>
      {user.monthly_credits < LOW_MONTHLY_CREDITS && (
        <div className={`alert alert-warning ${styles.lowBalance}`} role="status">
          <Icon name="alert" size={16} />
          Monthly credits running low
        </div>
      )}
      <div className={styles.footer}>
        <Link
          to="/pricing"
          className={buttonClass({ variant: 'primary', size: 'sm', block: true })}
          onClick={onNavigate}
        >
          Get Credits
        </Link>
      </div>
    </div>
  );
}

export function CreditsDropdown({ user }: { user: User }) {
  return (
    <Popover
      label="Credits"
      width={300}
      trigger={(props) => (
        <button
          type="button"
          className={buttonClass({ variant: 'secondary', size: 'sm' }, styles.trigger)}
          aria-label={`Credits: ${formatNumber(user.credits_available)} available`}
          {...props}
        >
          <Icon name="coins" size={16} />
          {formatNumber(user.credits_available)}
          <Icon name="chevronDown" size={14} />
        </button>
      )}
    >
      {(close) => <CreditsSummary user={user} onNavigate={close} />}
    </Popover>
  );
}
