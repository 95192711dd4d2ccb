import { useNavigate } from 'react-router';
import { RoleBadge } from '../../components/layout/role-badge.js';
import { Button } from '../../components/ui/button.js';
import { Badge } from '../../components/ui/feedback.js';
import { formatDate } from '../../lib/format.js';
import { useSession } from '../../session/session-context.js';
import { SettingsSection } from './settings-section.js';
import styles from './account-tab.module.css';

export function AccountTab() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <SettingsSection title="Account">
      <dl className={styles.details}>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Plan</dt>
        <dd>
          <RoleBadge role={user.role} />
        </dd>
        <dt>Email verified</dt>
        <dd>
          {user.is_verified === false ? (
            <Badge tone="warning">No</Badge>
          ) : (
            <Badge tone="success">Yes</Badge>
          )}
        </dd>
        <dt>Sign-in method</dt>
        <dd>{user.is_oauth_only ? 'Google' : 'Email and password'}</dd>
        <dt>Member since</dt>
        <dd>{formatDate(user.created_at)}</dd>
      </dl>
      <div className={styles.dangerZone}>
        <Button
          variant="secondary"
          onClick={() => {
            logout();
            void navigate('/', { replace: true });
          }}
        >
          Sign Out
        </Button>
      </div>
    </SettingsSection>
  );
}
