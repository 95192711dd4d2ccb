import { ButtonLink } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import styles from './pro-upsell.module.css';

/**
 * The upgrade prompt and Pro upsell card: links to upgrade (/pricing) and to connect the
 * account (/settings, Integrations tab). It shows no error text.
 */
export function ProUpsell({ compact }: { compact?: boolean }) {
  return (
    <div className={compact ? `card ${styles.upsell} upsell-compact` : `card ${styles.upsell}`}>
      <span className="feature-icon">
        <Icon name="github" size={20} />
      </span>
      <div className={styles.upsellText}>
        <strong>Import straight from GitHub</strong>
        <span className="muted">
          Paste a repository URL instead of zipping it yourself, private repositories included.
          Available on Starter, Pro and Enterprise.
        </span>
      </div>
      <div className={`row ${styles.upsellActions}`}>
        <ButtonLink to="/settings?tab=integrations" variant="secondary" size="sm">
          Connect GitHub
        </ButtonLink>
        <ButtonLink to="/pricing" size="sm">
          <Icon name="sparkles" size={15} />
          Upgrade to Pro
        </ButtonLink>
      </div>
    </div>
  );
}
