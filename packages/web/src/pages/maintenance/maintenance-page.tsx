import { Icon } from '../../components/ui/icons.js';
import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { buttonClass } from '../../components/ui/button.js';
import styles from './maintenance-page.module.css';

/** Replaces every route while maintenance mode is on (or its check failed). */
export function MaintenancePage() {
  return (
    <main className={`center-screen ${styles.screen}`}>
      <span className={`empty-icon ${styles.icon}`}>
        <Icon name="settings" size={30} />
      </span>
      <h1 className={styles.title}>We'll be right back</h1>
      <p className={`muted ${styles.lead}`}>
        RepoBundle is undergoing scheduled maintenance. Your files and jobs are safe. Please try
        again in a few minutes.
      </p>
      <button
        type="button"
        className={buttonClass({ variant: 'primary' })}
        onClick={() => window.location.reload()}
      >
        <Icon name="refresh" size={16} />
        Try again
      </button>
      <p className={`faint ${styles.note}`}>
        Questions? <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </main>
  );
}
