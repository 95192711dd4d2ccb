import { describe, expect, it } from 'vitest';
import { resolveBudget } from './resolve-budget.js';

describe('resolveBudget', () => {
  it('is absent without a budget or fit', () => {
    expect(resolveBudget({ fitToModel: false })).toBeUndefined();
  });

  it('takes a budget as given, in the tokens of an exact model', () => {
    expect(resolveBudget({ fitToModel: false, tokenBudget: 5000, targetModel: 'gpt-4o' })).toEqual({
      tokens: 5000,
      source: 'token_budget',
      countedTokens: 5000,
    });
  });

  it('fits to the window minus a quarter by default, or minus the reserve given', () => {
    expect(resolveBudget({ fitToModel: true, targetModel: 'gpt-4o' })).toMatchObject({
      tokens: 96_000,
      reserve: 32_000,
      source: 'fit_to_model',
    });
    expect(
      resolveBudget({ fitToModel: true, targetModel: 'gpt-4o', reserveTokens: 1000 })?.tokens,
    ).toBe(127_000);
  });

  it('counts less for an estimated model, so the top of its band stays within the budget', () => {
    const budget = resolveBudget({
      fitToModel: false,
      tokenBudget: 100_000,
      targetModel: 'claude-sonnet-4',
    });
    expect(budget?.countedTokens).toBeLessThan(100_000);
    expect(budget?.countedTokens).toBeGreaterThan(50_000);
  });

  it('refuses contradictions with a sentence saying what to change', () => {
    expect(() => resolveBudget({ fitToModel: true })).toThrow(/needs a target model/);
    expect(() =>
      resolveBudget({ fitToModel: true, targetModel: 'gpt-4o', tokenBudget: 10 }),
    ).toThrow(/both set the budget/);
    expect(() =>
      resolveBudget({ fitToModel: true, targetModel: 'gpt-4o', reserveTokens: 128_000 }),
    ).toThrow(/must be less than gpt-4o's context window of 128000/);
    expect(() => resolveBudget({ fitToModel: false, reserveTokens: 10 })).toThrow(
      /goes with fit_to_model/,
    );
  });
});
