import { Icon, type IconName } from './ui/icons.js';

export interface MarketingItem {
  readonly icon?: IconName;
  readonly title: string;
  readonly body: string;
}

/** The icon cards of the landing and waitlist pages (features, promises). */
export function FeatureCards({
  items,
  columns,
}: {
  items: readonly MarketingItem[];
  columns: 3 | 4;
}) {
  return (
    <div className={`grid grid-${columns}`}>
      {items.map((item) => (
        <article key={item.title} className="card card-body feature-card">
          {item.icon && (
            <span className="feature-icon">
              <Icon name={item.icon} size={20} />
            </span>
          )}
          <h3>{item.title}</h3>
          <p className="muted">{item.body}</p>
        </article>
      ))}
    </div>
  );
}

/** Numbered steps (how it works, the waitlist journey). */
export function StepCards({ steps }: { steps: readonly MarketingItem[] }) {
  return (
    <ol className="grid grid-3 steps">
      {steps.map((step, index) => (
        <li key={step.title} className="card card-body step-card">
          <span className="step-number">{index + 1}</span>
          {step.icon && <Icon name={step.icon} size={22} />}
          <h3>{step.title}</h3>
          <p className="muted">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
