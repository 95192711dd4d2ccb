import type { Plan } from '@repobundle/contract';
import { FALLBACK_PLANS } from '../../../lib/plans.js';

// The plan-limit banner names the smallest plan whose line limit covers the selection.

/** Enterprise is sold by contact, not listed with the plans on sale. */
const ENTERPRISE = { id: 'enterprise', name: 'Enterprise', maxLines: 10_000_000 };

export interface NextPlan {
  id: string;
  name: string;
  maxLines: number;
}

/**
 * The plan to suggest for a selection of `lines`: the smallest above the current plan's limit
 * that covers it, else the largest. `plans` are the plans on sale as the server lists them (the
 * built-in list while that is loading or failed), so the banner names the limits in force.
 */
export function nextPlanFor(
  lines: number,
  currentMaxLines: number,
  plans: readonly Plan[] = FALLBACK_PLANS,
): NextPlan {
  const ladder = [
    ...plans.map((plan) => ({ id: plan.id, name: plan.name, maxLines: plan.max_lines_per_job })),
    ENTERPRISE,
  ].sort((a, b) => a.maxLines - b.maxLines);
  const larger = ladder.filter((plan) => plan.maxLines > currentMaxLines);
  return larger.find((plan) => plan.maxLines >= lines) ?? larger.at(-1) ?? ENTERPRISE;
}
