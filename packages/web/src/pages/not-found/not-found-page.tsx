import { Link, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/icons.js';
import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { buttonClass } from '../../components/ui/button.js';
import styles from './not-found-page.module.css';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="center-screen container">
      <p className={styles.notFoundCode}>404</p>
      <h1 className={styles.title}>Page Not Found</h1>
      <p className={`muted ${styles.lead}`}>
        The page you are looking for does not exist or has been moved.
      </p>
      <div className={`row ${styles.actions}`}>
        <Link to="/" className={buttonClass({ variant: 'primary' })}>
          <Icon name="arrowLeft" size={16} />
          Go Home
        </Link>
        <button
          type="button"
          className={buttonClass({ variant: 'secondary' })}
          onClick={() => void navigate(-1)}
        >
          Go Back
        </button>
      </div>
      <p className={`faint ${styles.note}`}>
        Think this is a mistake? Contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}
