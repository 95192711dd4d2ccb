import { Icon } from '../../components/ui/icons.js';
import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { buttonClass } from '../../components/ui/button.js';

/** Replaces every route while maintenance mode is on (or its check failed). */
export function MaintenancePage() {
  return (
    <main className="center-screen" style={{ minHeight: '100vh' }}>
      <span className="empty-icon" style={{ width: 64, height: 64, borderRadius: 18 }}>
        <Icon name="settings" size={30} />
      </span>
      <h1 style={{ fontSize: 30 }}>We'll be right back</h1>
      <p className="muted" style={{ maxWidth: 460 }}>
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
      <p className="faint" style={{ fontSize: 13 }}>
        Questions? <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </main>
  );
}
