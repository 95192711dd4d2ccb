import { FALLBACK_PLANS } from '../../../lib/plans.js';

// The plan-limit banner names the smallest plan whose line limit covers the selection.

const PLANS = [
  ...FALLBACK_PLANS.map((plan) => ({
    id: plan.id,
    name: plan.name,
    maxLines: plan.max_lines_per_job,
  })),
  { id: 'enterprise', name: 'Enterprise', maxLines: 10_000_000 },
].sort((a, b) => a.maxLines - b.maxLines);

export function nextPlanFor(
  lines: number,
  currentMaxLines: number,
): { id: string; name: string; maxLines: number } {
  const larger = PLANS.filter((plan) => plan.maxLines > currentMaxLines);
  return larger.find((plan) => plan.maxLines >= lines) ?? larger.at(-1) ?? PLANS.at(-1)!;
}
