import { ButtonLink } from '../../components/ui/button.js';
import { Icon } from '../../components/ui/icons.js';
import type { Plan } from '../../api/types.js';
import { nextPlanFor } from './rules/next-plan.js';

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
    <div className="plan-banner" role="alert">
      <span className="plan-banner-icon">
        <Icon name="alert" size={20} />
      </span>
      <div className="plan-banner-text">
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
