import { Link } from 'react-router';
import { Icon } from '../../components/ui/icons.js';
import { buttonClass } from '../../components/ui/button.js';
import styles from './payment-result.module.css';

export function CancelPage() {
  return (
    <div className="center-screen container">
      <span className={`empty-icon ${styles.resultIcon}`}>
        <Icon name="x" size={30} />
      </span>
      <h1 className={styles.title}>Payment cancelled</h1>
      <p className={`muted ${styles.lead}`}>
        No charge was made. You can pick a plan or credit pack whenever you're ready.
      </p>
      <div className={`row ${styles.actions}`}>
        <Link to="/pricing" className={buttonClass({ variant: 'primary' })}>
          Back to Pricing
        </Link>
        <Link to="/" className={buttonClass({ variant: 'secondary' })}>
          Back to Home
        </Link>
      </div>
    </div>
  );
}
