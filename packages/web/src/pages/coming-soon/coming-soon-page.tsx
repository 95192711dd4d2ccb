import { Icon } from '../../components/ui/icons.js';
import { buttonClass } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';

/** The spec's coming-soon page: an e-mail field and Notify Me, deliberately without behaviour. */
export function ComingSoonPage() {
  return (
    <div className="center-screen container">
      <span className="empty-icon" style={{ width: 64, height: 64, borderRadius: 18 }}>
        <Icon name="sparkles" size={30} />
      </span>
      <h1 style={{ fontSize: 32 }}>Coming soon</h1>
      <p className="muted" style={{ maxWidth: 460 }}>
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
