import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT, chosenBudget, fitError, fitFields } from './fit-options.js';

describe('fit options to job fields', () => {
  it('sends nothing without a budget', () => {
    expect(fitFields({ ...DEFAULT_FIT, focus: 'ignored' }, 'gpt-4o')).toEqual({ fields: {} });
  });

  it('sends a budget with its keep patterns and focus', () => {
    const fit = {
      ...DEFAULT_FIT,
      mode: 'budget' as const,
      tokenBudget: '100,000',
      keepPatterns: 'src/**\n\n  *.sql \nsrc/**',
      focus: '  retries ',
    };
    expect(fitFields(fit, '')).toEqual({
      fields: { token_budget: 100_000, keep_patterns: ['src/**', '*.sql'], focus: 'retries' },
    });
    expect(chosenBudget(fit, '')).toBe(100_000);
  });

  it('sends fit with a reserve and computes its budget', () => {
    const fit = { ...DEFAULT_FIT, mode: 'fit' as const, reserveTokens: '28000' };
    expect(fitFields(fit, 'gpt-4o')).toEqual({
      fields: { fit_to_model: true, reserve_tokens: 28_000 },
    });
    expect(chosenBudget(fit, 'gpt-4o')).toBe(100_000);
    expect(chosenBudget({ ...fit, reserveTokens: '' }, 'gpt-4o')).toBe(96_000);
  });

  it('says what to fix, in the screen words', () => {
    const budget = { ...DEFAULT_FIT, mode: 'budget' as const };
    expect(fitError({ ...budget, tokenBudget: '' }, '')).toBe(
      'Enter a token budget from 1,000 to 10,000,000 tokens.',
    );
    expect(fitError({ ...budget, tokenBudget: '12.5k' }, '')).toMatch(/Enter a token budget/);
    const fit = { ...DEFAULT_FIT, mode: 'fit' as const };
    expect(fitError(fit, '')).toBe('Choose a model to fit the bundle to.');
    expect(fitError({ ...fit, reserveTokens: '8192' }, 'gpt-4')).toBe(
      "The reserve must be below GPT-4's context window of 8,192 tokens.",
    );
    expect(fitError({ ...fit, reserveTokens: 'lots' }, 'gpt-4')).toBe(
      'The reserve must be a whole number of tokens.',
    );
  });
});
