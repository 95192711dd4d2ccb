import { Faq } from '../../components/faq.js';
import { FeatureCards, StepCards } from '../../components/marketing-cards.js';
import { ParticleBackground } from '../../components/particle-background.js';
import { ButtonLink } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import { useCountUp } from '../../hooks/use-count-up.js';
import { useFirstTimeTour } from '../../hooks/use-first-time-tour.js';
import { SUPPORT_EMAIL } from '../../lib/site-config.js';
import { FEATURES, LANDING_FAQ, STEPS } from './landing-content.js';
import { SampleBundlePreview } from './sample-bundle-preview.js';
import styles from './landing-page.module.css';

function Counter({
  target,
  prefix = '',
  suffix,
  label,
}: {
  target: number;
  prefix?: string;
  suffix: string;
  label: string;
}) {
  const { ref, value } = useCountUp<HTMLDivElement>(target);
  return (
    <div ref={ref} className={styles.heroStat}>
      <strong>
        {prefix}
        {value.toLocaleString('en-US')}
        {suffix}
      </strong>
      <span>{label}</span>
    </div>
  );
}

export function LandingPage() {
  useFirstTimeTour();
  return (
    <>
      <section className="hero">
        <ParticleBackground />
        <div className="container hero-inner">
          <span className="eyebrow">
            <Icon name="sparkles" size={15} />
            Now in early access
          </span>
          <h1 className="hero-title">
            Turn any repository into <span className="gradient-text">AI-ready bundles</span>
          </h1>
          <p className="hero-lead">
            Upload a ZIP or import from GitHub, choose the files that matter, and get clean, exactly
            token-counted, chunked output for your favourite model.
          </p>
          <div className={`row ${styles.heroActions}`}>
            <ButtonLink to="/waitlist" size="lg">
              Join Early Access
              <Icon name="arrowRight" size={16} />
            </ButtonLink>
            <ButtonLink to="/demo" size="lg" variant="secondary">
              Try Demo
            </ButtonLink>
          </div>
          <div className={styles.heroStats}>
            <Counter target={60} prefix="<" suffix="s" label="Average processing" />
            <Counter target={1000} suffix="+" label="Files per job" />
            <Counter target={100} suffix="%" label="Privacy" />
          </div>
        </div>
      </section>

      <SampleBundlePreview />

      <section className="section section-alt">
        <div className="container">
          <div className="section-head">
            <h2>Everything you need to feed code to AI</h2>
            <p className="muted">From a messy repository to a bundle your model understands.</p>
          </div>
          <FeatureCards items={FEATURES} columns={3} />
        </div>
      </section>

      <section className="section">
        <div className={`container ${styles.privacyBand}`}>
          <span className="feature-icon feature-icon-lg">
            <Icon name="lock" size={26} />
          </span>
          <div>
            <h2>Your code stays yours</h2>
            <p className="muted">
              100% privacy: uploads are processed in isolation, deleted on your schedule, and your
              code is never used for model training.
            </p>
          </div>
        </div>
      </section>

      <section className="section section-alt">
        <div className="container">
          <div className="section-head">
            <h2>How it works</h2>
            <p className="muted">Three steps from repository to bundle.</p>
          </div>
          <StepCards steps={STEPS} />
        </div>
      </section>

      <section className="section">
        <div className="container narrow">
          <div className="section-head">
            <h2>Frequently asked questions</h2>
            <p className="muted">
              Still unsure? <a href={`mailto:${SUPPORT_EMAIL}`}>Contact support</a>.
            </p>
          </div>
          <Faq items={LANDING_FAQ} />
        </div>
      </section>

      <section className="section section-alt">
        <div className="container">
          <div className="cta-band">
            <h2>Ready to bundle your first repository?</h2>
            <p>Start free with 100 credits a month. Premium plans from $9/month.</p>
            <div className={`row ${styles.ctaActions}`}>
              <ButtonLink to="/waitlist" size="lg" variant="on-dark">
                Join Early Access
              </ButtonLink>
              <ButtonLink to="/pricing" size="lg" variant="on-dark-ghost">
                See pricing
              </ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
