import { Link, useNavigate } from 'react-router';
import { Icon } from '../../components/ui/icons.js';
import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { buttonClass } from '../../components/ui/button.js';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className="center-screen container">
      <p className="not-found-code">404</p>
      <h1 style={{ fontSize: 30 }}>Page Not Found</h1>
      <p className="muted" style={{ maxWidth: 440 }}>
        The page you are looking for does not exist or has been moved.
      </p>
      <div className="row" style={{ justifyContent: 'center' }}>
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
      <p className="faint" style={{ fontSize: 13 }}>
        Think this is a mistake? Contact <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </div>
  );
}
