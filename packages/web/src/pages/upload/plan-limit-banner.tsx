import { ButtonLink } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import type { Plan } from '@repobundle/contract';
import { nextPlanFor } from './rules/next-plan.js';
import styles from './plan-limit-banner.module.css';

/** File Too Large: the selection's estimated lines exceed the plan's lines per job. */
export function PlanLimitBanner({
  lines,
  maxLines,
  planName,
  plans,
}: {
  lines: number;
  maxLines: number;
  planName: string;
  /** The plans on sale, once loaded. */
  plans?: readonly Plan[] | undefined;
}) {
  const next = nextPlanFor(lines, maxLines, plans);
  return (
    <div className={styles.planBanner} role="alert">
      <span className={styles.planBannerIcon}>
        <Icon name="alert" size={20} />
      </span>
      <div className={styles.planBannerText}>
        <strong>File Too Large</strong>
        <span>
          About {lines.toLocaleString('en-US')} lines selected; the {planName} plan allows{' '}
          {maxLines.toLocaleString('en-US')} per job. Upgrade to {next.name} for up to{' '}
          {next.maxLines.toLocaleString('en-US')}, or uncheck some files.
        </span>
      </div>
      <ButtonLink to="/pricing" size="sm">
        Upgrade now
      </ButtonLink>
    </div>
  );
}
