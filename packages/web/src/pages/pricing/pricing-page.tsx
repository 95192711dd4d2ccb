import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useStartCheckout, type CheckoutRequest } from '../../api/mutations.js';
import { usePacks, usePlans } from '../../api/queries.js';
import type { CreditPack } from '@repobundle/contract';
import type { Plan } from '@repobundle/contract';
import { Faq } from '../../components/faq.js';
import { Button, ButtonLink } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import { useToast } from '../../components/ui/toast.js';
import { formatNumber, formatUsd } from '../../lib/format.js';
import { downgradeWarning, FALLBACK_PACKS, FALLBACK_PLANS, isDowngrade } from '../../lib/plans.js';
import { useSession } from '../../session/session-context.js';
import { PlanCard } from './plan-card.js';
import { COMPARISON, PACK_REASONS, PRICING_FAQ, PRICING_FEATURES } from './pricing-content.js';
import { DataTable } from '../../components/ui/table.js';
import styles from './pricing-page.module.css';
import cardStyles from './plan-card.module.css';
import { cx } from '../../lib/class-names.js';

const CHECKOUT_FAILED = 'Failed to create checkout session. Please try again.';

export function PricingPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const plansQuery = usePlans();
  const packsQuery = usePacks();
  const [view, setView] = useState<'subscriptions' | 'packs'>('subscriptions');
  const [yearly, setYearly] = useState(false);
  const [compareOpen, setCompareOpen] = useState(false);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const checkingOut = useStartCheckout();
  const busy = checkingOut.isPending ? busyKey : null;
  const toast = useToast();

  // The page falls back to built-in plan data when the plan call fails.
  const fetched = plansQuery.data?.filter((plan) => ['free', 'starter', 'pro'].includes(plan.id));
  const plans = fetched && fetched.length > 0 ? fetched : FALLBACK_PLANS;
  const packs = packsQuery.data && packsQuery.data.length > 0 ? packsQuery.data : FALLBACK_PACKS;
  const currentPlan = user ? (user.subscription_plan ?? user.role).toLowerCase() : null;

  const checkout = (key: string, request: CheckoutRequest) => {
    if (!user) {
      void navigate('/auth', { state: { from: { pathname: '/pricing', search: '' } } });
      return;
    }
    setBusyKey(key);
    checkingOut.mutate(request, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: () => toast.show(CHECKOUT_FAILED, 'error'),
    });
  };

  const choosePlan = (plan: Plan) => {
    if (currentPlan && isDowngrade(currentPlan, plan.id)) {
      const ok = window.confirm(downgradeWarning(currentPlan, plan));
      if (!ok) return;
    }
    if (plan.price_usd === 0) {
      void navigate('/dashboard');
      return;
    }
    checkout(plan.id, { plan: `${plan.id}_${yearly ? 'yearly' : 'monthly'}` });
  };

  const choosePack = (pack: CreditPack) => {
    checkout(`pack-${pack.tokens}`, { packTokens: pack.tokens });
  };

  return (
    <div className="page">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">
            <Icon name="tag" size={15} />
            Pricing
          </span>
          <h1 className={`hero-title ${styles.title}`}>Simple, credit-based pricing</h1>
          <p className="muted">
            One credit covers about 2,000 lines. Start free, upgrade when you need more.
          </p>
        </div>

        <div className={styles.toggles}>
          <div className="switch" role="group" aria-label="Pricing type">
            <button
              type="button"
              aria-pressed={view === 'subscriptions'}
              onClick={() => setView('subscriptions')}
            >
              Subscriptions
            </button>
            <button type="button" aria-pressed={view === 'packs'} onClick={() => setView('packs')}>
              Credit Packs
            </button>
          </div>
          {view === 'subscriptions' && (
            <div className="switch" role="group" aria-label="Billing cycle">
              <button type="button" aria-pressed={!yearly} onClick={() => setYearly(false)}>
                Monthly
              </button>
              <button type="button" aria-pressed={yearly} onClick={() => setYearly(true)}>
                Yearly
              </button>
            </div>
          )}
        </div>

        {view === 'subscriptions' ? (
          <>
            <div className={`grid grid-3 ${styles.planGrid}`}>
              {plans.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  yearly={yearly}
                  current={currentPlan === plan.id}
                  busy={busy === plan.id}
                  onChoose={choosePlan}
                />
              ))}
            </div>
            <div className="card section-block">
              <button
                type="button"
                className={styles.compareToggle}
                aria-expanded={compareOpen}
                onClick={() => setCompareOpen(!compareOpen)}
              >
                <span>Compare all features</span>
                <Icon
                  name="chevronDown"
                  className={compareOpen ? 'faq-chevron open' : 'faq-chevron'}
                />
              </button>
              {compareOpen && (
                <DataTable caption="Feature comparison">
                  <thead>
                    <tr>
                      <th scope="col">Feature</th>
                      <th scope="col">Free Forever</th>
                      <th scope="col">Starter</th>
                      <th scope="col">Pro</th>
                    </tr>
                  </thead>
                  <tbody>
                    {COMPARISON.map((row) => (
                      <tr key={row.feature}>
                        <th scope="row" className={styles.featureName}>
                          {row.feature}
                        </th>
                        <td>{row.free}</td>
                        <td>{row.starter}</td>
                        <td>{row.pro}</td>
                      </tr>
                    ))}
                  </tbody>
                </DataTable>
              )}
            </div>
          </>
        ) : (
          <>
            <div className={`grid grid-3 ${styles.planGrid}`}>
              {packs.map((pack, index) => (
                <article
                  key={pack.tokens}
                  className={cx('card', cardStyles.planCard, index === 1 && cardStyles.popular)}
                >
                  <h2 className={cardStyles.name}>{formatNumber(pack.tokens)} credits</h2>
                  <div className={cardStyles.price}>
                    <strong>{formatUsd(pack.price)}</strong>
                    <span className="muted">one-time</span>
                  </div>
                  <p className="muted">
                    About {formatNumber(pack.tokens * 2000)} lines ·{' '}
                    {formatUsd(pack.price / pack.tokens)} per credit
                  </p>
                  <Button
                    block
                    size="lg"
                    variant={index === 1 ? 'primary' : 'secondary'}
                    loading={busy === `pack-${pack.tokens}`}
                    onClick={() => choosePack(pack)}
                  >
                    Buy {formatNumber(pack.tokens)} credits
                  </Button>
                </article>
              ))}
            </div>
            <section className="section-block">
              <h2 className="section-title">Why Choose Credit Packs</h2>
              <div className="grid grid-3">
                {PACK_REASONS.map((reason) => (
                  <div key={reason.title} className="card card-body feature-card">
                    <span className="feature-icon">
                      <Icon name={reason.icon} size={20} />
                    </span>
                    <h3>{reason.title}</h3>
                    <p className="muted">{reason.body}</p>
                  </div>
                ))}
              </div>
            </section>
          </>
        )}

        <section className="section-block">
          <div className="grid grid-4">
            {PRICING_FEATURES.map((feature) => (
              <div key={feature.title} className="card card-body feature-card">
                <span className="feature-icon">
                  <Icon name={feature.icon} size={20} />
                </span>
                <h3>{feature.title}</h3>
                <p className="muted">{feature.body}</p>
              </div>
            ))}
          </div>
        </section>

        <section className="section-block narrow">
          <h2 className={`section-title ${styles.comparisonTitle}`}>Pricing questions</h2>
          <Faq items={PRICING_FAQ} />
        </section>

        <div className="cta-band section-block">
          <h2>Start bundling today</h2>
          <p>100 free credits every month. No card required.</p>
          <div className={`row ${styles.ctaActions}`}>
            <ButtonLink to={user ? '/upload' : '/auth?tab=signup'} size="lg" variant="on-dark">
              Get Started
            </ButtonLink>
          </div>
        </div>
      </div>
    </div>
  );
}
