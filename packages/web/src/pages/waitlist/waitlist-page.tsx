import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useJoinWaitlist } from '../../api/mutations.js';
import { useWaitlistCount } from '../../api/queries.js';
import { FeatureCards, StepCards } from '../../components/marketing-cards.js';
import { ParticleBackground } from '../../components/particle-background.js';
import { Button } from '../../components/ui/button.js';
import { Alert } from '../../components/ui/feedback.js';
import { Icon, type IconName } from '../../components/ui/icons.js';
import { useCountUp } from '../../hooks/use-count-up.js';
import { WAITLIST_MESSAGE } from '../../lib/registration-error.js';
import { WAITLIST_FLAG_KEY } from '../../lib/site-config.js';
import { Input } from '../../components/ui/input.js';
import styles from './waitlist-page.module.css';

const PROMISES: ReadonlyArray<{ icon: IconName; title: string; body: string }> = [
  {
    icon: 'tag',
    title: 'Special launch pricing',
    body: 'Early members keep a launch discount on every paid plan.',
  },
  {
    icon: 'gift',
    title: 'Bonus credits',
    body: 'Extra credits on your account the day you get access.',
  },
  {
    icon: 'bell',
    title: 'Updates',
    body: 'Be the first to hear about new formats and integrations.',
  },
  {
    icon: 'message',
    title: 'Shape the product',
    body: 'A chance to give feedback straight to the team building it.',
  },
];

const JOURNEY = [
  { title: 'Join', body: 'Leave your email below. It takes five seconds.' },
  { title: 'Get notified', body: 'We email you as soon as your spot opens.' },
  { title: 'Early access begins', body: 'Sign up with your email and start bundling.' },
];

function JoinedCounter() {
  const count = useWaitlistCount();
  const { ref, value } = useCountUp<HTMLDivElement>(count.data?.total_signups ?? null);
  return (
    <div ref={ref} className={styles.waitlistCounter} aria-live="polite">
      {count.data && count.data.total_signups === 0 && (
        <>
          <Icon name="users" size={18} />
          Be the first developer to join
        </>
      )}
      {count.data && count.data.total_signups > 0 && (
        <>
          <Icon name="users" size={18} />
          <strong>{value.toLocaleString('en-US')}</strong>{' '}
          {count.data.total_signups === 1
            ? 'developer has already joined'
            : 'developers have already joined'}
        </>
      )}
    </div>
  );
}

export function WaitlistPage() {
  // Set when sign-up or Google sign-in was refused for an unapproved e-mail (beta gate).
  const [refused] = useState(() => {
    const flagged = localStorage.getItem(WAITLIST_FLAG_KEY) === 'true';
    localStorage.removeItem(WAITLIST_FLAG_KEY);
    return flagged;
  });
  const [email, setEmail] = useState('');
  const joining = useJoinWaitlist();
  const state = joining.isPending
    ? 'sending'
    : joining.isSuccess
      ? 'joined'
      : joining.isError
        ? 'error'
        : 'idle';
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    joining.mutate(email.trim());
  };

  const form =
    state === 'joined' ? (
      <div className={`${styles.joined} card card-body`} role="status">
        <span className={`feature-icon ${styles.joinedIcon}`}>
          <Icon name="check" size={22} />
        </span>
        <h2>You're In!</h2>
        <p className="muted">
          Check your email for confirmation. We'll let you know as soon as your access is ready.
        </p>
        <Link to="/">Back to home</Link>
      </div>
    ) : (
      <form className="waitlist-form" onSubmit={onSubmit}>
        <label htmlFor="waitlist-email" className="sr-only">
          Email address
        </label>
        <Input
          ref={input}
          id="waitlist-email"
          type="email"
          required
          placeholder="you@company.com"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" size="lg" disabled={state === 'sending'}>
          {state === 'sending' ? 'Joining...' : 'Get Early Access'}
        </Button>
        {state === 'error' && (
          <p className={`text-danger ${styles.waitlistError}`} role="alert">
            Failed to join waitlist. Please try again.
          </p>
        )}
      </form>
    );

  return (
    <>
      <section className="hero hero-compact">
        <ParticleBackground />
        <div className="container hero-inner">
          <span className="eyebrow">
            <Icon name="rocket" size={15} />
            Early access
          </span>
          <h1 className="hero-title">
            Be first to bundle your code for <span className="gradient-text">AI</span>
          </h1>
          <p className="hero-lead">
            RepoBundle is in private beta. Join the waitlist and we'll send you an invitation as
            soon as a spot opens.
          </p>
          {refused && (
            <Alert tone="info">
              {WAITLIST_MESSAGE} Join the waitlist and we'll let you in as soon as we can.
            </Alert>
          )}
          <JoinedCounter />
          {form}
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="section-head">
            <h2>Why join early?</h2>
          </div>
          <FeatureCards items={PROMISES} columns={4} />
        </div>
      </section>

      <section className="section section-alt">
        <div className="container">
          <div className="section-head">
            <h2>Your journey</h2>
          </div>
          <StepCards steps={JOURNEY} />
        </div>
      </section>

      <section className="section">
        <div className="container">
          <div className="cta-band">
            <h2>Don't miss your spot</h2>
            <p>
              Developers are joining every day. Get in line for launch pricing and bonus credits.
            </p>
            {state === 'joined' ? (
              <p>
                <strong>You're on the list.</strong>
              </p>
            ) : (
              <Button
                size="lg"
                variant="on-dark"
                onClick={() => {
                  input.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
                  input.current?.focus({ preventScroll: true });
                }}
              >
                Join the Waitlist Now
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
