import { Link } from 'react-router';
import { CreditsSummary } from '../../components/layout/credits-dropdown.js';
import { RoleBadge } from '../../components/layout/role-badge.js';
import { formatDate } from '../../lib/format.js';
import { useSession } from '../../session/session-context.js';
import { SettingsSection } from './settings-section.js';
import { buttonClass } from '../../components/ui/button.js';

export function BillingTab() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="grid grid-2">
      <SettingsSection title="Plan">
        <div className="stack">
          <div className="row">
            <RoleBadge role={user.role} />
            {user.billing_cycle && <span className="muted">Billed {user.billing_cycle}</span>}
          </div>
          <p className="muted">Next billing date: {formatDate(user.next_billing_date)}</p>
          <div className="row">
            <Link to="/pricing" className={buttonClass({ variant: 'primary' })}>
              Upgrade Plan
            </Link>
            <Link to="/usage" className={buttonClass({ variant: 'secondary' })}>
              View Transactions
            </Link>
          </div>
        </div>
      </SettingsSection>
      <SettingsSection title="Credits">
        <CreditsSummary user={user} hideHeading />
      </SettingsSection>
    </div>
  );
}
