import { describe, expect, it } from 'vitest';
import type { Plan } from '@repobundle/contract';
import { downgradeWarning, FALLBACK_PLANS, isDowngrade, yearlyTerms } from './plans.js';

const starter = FALLBACK_PLANS.find((plan) => plan.id === 'starter') as Plan;

describe('yearlyTerms', () => {
  it("uses the server's yearly figures and works out the saving", () => {
    const served = {
      ...starter,
      price_usd: 9.99,
      price_usd_yearly: 89,
      credits_per_month_yearly: 1_500,
    };
    expect(yearlyTerms(served)).toEqual({ price: 89, credits: 1_500, saving: 30.88 });
  });

  it('reads the built-in figures the same way', () => {
    expect(yearlyTerms(starter)).toEqual({ price: 99, credits: 1_200, saving: 20.88 });
  });

  it('gives none to a plan without a yearly price', () => {
    const free = FALLBACK_PLANS.find((plan) => plan.id === 'free') as Plan;
    expect(yearlyTerms(free)).toBeUndefined();
    const custom = {
      ...starter,
      id: 'enterprise',
      price_usd: null,
      price_usd_yearly: null,
    } as const;
    expect(yearlyTerms(custom)).toBeUndefined();
  });
});

describe('downgrades', () => {
  it('warns a Pro subscriber choosing Starter, not one upgrading', () => {
    expect(isDowngrade('pro', 'starter')).toBe(true);
    expect(isDowngrade('starter', 'pro')).toBe(false);
    expect(isDowngrade('free', 'starter')).toBe(false);
    expect(downgradeWarning('pro', starter)).toMatch(
      /^You are on Pro\. Choosing Starter is a downgrade: 1,000 credits a month, 750,000 lines per job, 50 MB uploads/,
    );
  });
});
