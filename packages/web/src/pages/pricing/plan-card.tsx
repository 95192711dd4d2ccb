import type { Plan } from '@repobundle/contract';
import { Button } from '../../components/ui/button.js';
import { Badge } from '../../components/ui/feedback.js';
import { Icon } from '../../components/ui/icons.js';
import { formatNumber, formatUsd } from '../../lib/format.js';
import { yearlyTerms } from '../../lib/plans.js';
import styles from './plan-card.module.css';
import { cx } from '../../lib/class-names.js';

interface PlanCardProps {
  plan: Plan;
  yearly: boolean;
  current: boolean;
  busy: boolean;
  onChoose(plan: Plan): void;
}

export function PlanCard({ plan, yearly, current, busy, onChoose }: PlanCardProps) {
  const popular = plan.id === 'starter';
  const free = plan.price_usd === 0;
  const year = yearlyTerms(plan);
  // The pricing page lists only the plans with a price (Enterprise is priced on request).
  const price = yearly && year ? year.price : (plan.price_usd ?? 0);
  const credits = yearly && year ? year.credits : plan.credits_per_month;
  return (
    <article className={cx('card', styles.planCard, popular && styles.popular)}>
      {popular && (
        <div className={styles.ribbon}>
          <Badge tone="primary">Most Popular</Badge>
        </div>
      )}
      <h2 className={styles.name}>{free ? 'Free Forever' : plan.name}</h2>
      <div className={styles.price}>
        <strong>{free ? '$0' : formatUsd(price)}</strong>
        <span className="muted">{free ? '/forever' : yearly ? '/year' : '/month'}</span>
      </div>
      {yearly && year && <p className={styles.saving}>Save {formatUsd(year.saving)} a year</p>}
      <p className="muted">{formatNumber(credits)} credits per month</p>
      <ul className={`check-list ${styles.features}`}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" size={16} />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        variant={popular ? 'primary' : 'secondary'}
        block
        size="lg"
        disabled={current}
        loading={busy}
        onClick={() => onChoose(plan)}
      >
        {current ? 'Current Plan' : free ? 'Get Started Free' : `Choose ${plan.name}`}
      </Button>
    </article>
  );
}
