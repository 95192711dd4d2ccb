import { Icon } from '../../components/ui/icons.js';
import { buttonClass } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import styles from './coming-soon-page.module.css';

/** The spec's coming-soon page: an e-mail field and Notify Me, deliberately without behaviour. */
export function ComingSoonPage() {
  return (
    <div className="center-screen container">
      <span className={`empty-icon ${styles.icon}`}>
        <Icon name="sparkles" size={30} />
      </span>
      <h1 className={styles.title}>Coming soon</h1>
      <p className={`muted ${styles.lead}`}>
        We're putting the finishing touches on this. Leave your email to hear when it's ready.
      </p>
      <form className="waitlist-form" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="coming-soon-email" className="sr-only">
          Email address
        </label>
        <Input id="coming-soon-email" type="email" placeholder="you@company.com" />
        <button type="button" className={buttonClass({ variant: 'primary', size: 'lg' })}>
          Notify Me
        </button>
      </form>
    </div>
  );
}
