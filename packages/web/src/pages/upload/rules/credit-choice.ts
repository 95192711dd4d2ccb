// The credits modal's decision.

export type CreditKind = 'monthly' | 'purchased';

export type CreditDecision =
  | { kind: 'enough' }
  /** The chosen kind is short but both together cover the cost. */
  | { kind: 'hybrid'; needed: number; available: number; other: CreditKind }
  /** Even both together do not cover the cost. */
  | { kind: 'short'; needed: number; available: number; total: number };

export function otherKind(kind: CreditKind): CreditKind {
  return kind === 'monthly' ? 'purchased' : 'monthly';
}

export function decideCredits(
  needed: number,
  chosen: CreditKind,
  balances: { monthly: number; purchased: number },
): CreditDecision {
  const available = balances[chosen];
  if (needed <= available) return { kind: 'enough' };
  const total = balances.monthly + balances.purchased;
  if (needed <= total) return { kind: 'hybrid', needed, available, other: otherKind(chosen) };
  return { kind: 'short', needed, available, total };
}
