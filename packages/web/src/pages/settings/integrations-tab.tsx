import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button.js';
import { Alert, Badge } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { useSession } from '../../session/session-context.js';
import { SettingsSection } from './settings-section.js';
import { useGithubConnection } from './use-github-connection.js';
import styles from './integrations-tab.module.css';

const PAID = ['starter', 'pro', 'enterprise'];

/** The GitHub connection card: connect through GitHub's authorization, or disconnect. */
export function IntegrationsTab() {
  const { user } = useSession();
  const { busy, status, connect, disconnect } = useGithubConnection();
  if (!user) return null;
  const eligible =
    PAID.includes(user.role.toLowerCase()) ||
    PAID.includes((user.subscription_plan ?? '').toLowerCase());
  return (
    <SettingsSection
      title="GitHub"
      description="Import repositories by URL, including private ones."
    >
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <div className={styles.integration}>
        <span className="feature-icon">
          <Icon name="github" size={22} />
        </span>
        <div className={styles.details}>
          <div className={`row ${styles.titleRow}`}>
            <strong>GitHub</strong>
            {user.github_connected ? (
              <Badge tone="success">
                Connected{user.github_username ? ` as ${user.github_username}` : ''}
              </Badge>
            ) : (
              <Badge>Not connected</Badge>
            )}
          </div>
          <p className={`muted ${styles.description}`}>
            Connecting gives 5,000 API requests per hour instead of 60, private repository access,
            and no CORS limits. Permissions requested: repo and user:email.
          </p>
        </div>
        {user.github_connected ? (
          <Button
            variant="secondary"
            loading={busy === 'disconnect'}
            disabled={busy !== null}
            onClick={() => void disconnect()}
          >
            Disconnect
          </Button>
        ) : eligible ? (
          <Button
            loading={busy === 'connect'}
            disabled={busy !== null}
            onClick={() => void connect()}
          >
            <Icon name="github" size={16} />
            Connect GitHub
          </Button>
        ) : (
          <Link to="/pricing" className={buttonClass({ variant: 'primary' })}>
            Upgrade from $9.99/month
          </Link>
        )}
      </div>
    </SettingsSection>
  );
}
