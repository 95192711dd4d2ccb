import { describe, expect, it } from 'vitest';
import {
  effectiveTokenBudget,
  fitFieldsProblem,
  jobCreationFieldsSchema,
  planPacksToBudget,
  reserveTokensFor,
} from './jobs.js';

const base = { selected: ['a.ts'], output_format: 'md' };

/** The first validation message for a payload, or null when it parses. */
function messageOf(extra: Record<string, unknown>): string | null {
  const parsed = jobCreationFieldsSchema.safeParse({ ...base, ...extra });
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

describe('budget packing fields', () => {
  it('accepts each field in range and normalises focus', () => {
    const parsed = jobCreationFieldsSchema.parse({
      ...base,
      target_model: 'gpt-4o',
      token_budget: 50_000,
      keep_patterns: ['src/**'],
      focus: '  billing retries  ',
    });
    expect(parsed).toMatchObject({
      token_budget: 50_000,
      fit_to_model: false,
      keep_patterns: ['src/**'],
      focus: 'billing retries',
    });
  });

  it('says what is wrong with a bad token_budget', () => {
    expect(messageOf({ token_budget: 'lots' })).toBe('token_budget must be a number of tokens.');
    expect(messageOf({ token_budget: 1500.5 })).toBe(
      'token_budget must be a whole number of tokens.',
    );
    expect(messageOf({ token_budget: 0 })).toBe('token_budget must be at least 1,000 tokens.');
    expect(messageOf({ token_budget: -5 })).toBe('token_budget must be at least 1,000 tokens.');
    expect(messageOf({ token_budget: 10_000_001 })).toBe(
      'token_budget must be at most 10,000,000 tokens.',
    );
  });

  it('says what is wrong with reserve, keep patterns, focus and fit', () => {
    expect(messageOf({ reserve_tokens: -1 })).toBe('reserve_tokens must be at least 0 tokens.');
    expect(messageOf({ keep_patterns: ['  '] })).toBe('A pattern must not be blank.');
    expect(messageOf({ keep_patterns: 'src/**' })).toMatch(/expected array/i);
    expect(messageOf({ focus: 'x'.repeat(4097) })).toBe('focus must be at most 4,096 characters.');
    expect(messageOf({ focus: 'a\u0000b' })).toMatch(/NUL/);
    expect(messageOf({ fit_to_model: 'yes' })).toBe('must be true or false');
  });
});

describe('fitFieldsProblem', () => {
  it('needs a model for fit, and a reserve below its window', () => {
    expect(fitFieldsProblem({ fit_to_model: true })).toBe(
      'fit_to_model needs a target_model: the budget is its context window.',
    );
    expect(
      fitFieldsProblem({ fit_to_model: true, target_model: 'gpt-4o', reserve_tokens: 128_000 }),
    ).toBe("reserve_tokens must be below GPT-4o's context window of 128,000 tokens.");
    expect(
      fitFieldsProblem({ fit_to_model: true, target_model: 'gpt-4o', reserve_tokens: 127_500 }),
    ).toMatch(/less than 1,000 tokens of GPT-4o's window are left/);
    expect(
      fitFieldsProblem({ fit_to_model: true, target_model: 'gpt-4o', reserve_tokens: 8_000 }),
    ).toBeNull();
  });

  it('refuses a budget with fit, and a reserve without fit', () => {
    expect(
      fitFieldsProblem({ fit_to_model: true, target_model: 'gpt-4o', token_budget: 5000 }),
    ).toMatch(/either token_budget or fit_to_model, not both/);
    expect(fitFieldsProblem({ token_budget: 5000, reserve_tokens: 100 })).toBe(
      'reserve_tokens applies only with fit_to_model.',
    );
    expect(fitFieldsProblem({ token_budget: 5000 })).toBeNull();
  });
});

describe('effectiveTokenBudget', () => {
  it('is the budget, or the window less the reserve (a quarter by default), or none', () => {
    expect(effectiveTokenBudget({ token_budget: 12_345 })).toBe(12_345);
    expect(effectiveTokenBudget({ fit_to_model: true, target_model: 'gpt-4o' })).toBe(96_000);
    expect(
      effectiveTokenBudget({ fit_to_model: true, target_model: 'gpt-4', reserve_tokens: 192 }),
    ).toBe(8_000);
    expect(effectiveTokenBudget({ target_model: 'gpt-4o' })).toBeNull();
    expect(reserveTokensFor(131_072, undefined)).toBe(32_768);
  });
});

describe('planPacksToBudget', () => {
  it('is Starter and above', () => {
    expect(planPacksToBudget('free')).toBe(false);
    expect(planPacksToBudget('starter')).toBe(true);
    expect(planPacksToBudget('Pro')).toBe(true);
    expect(planPacksToBudget('enterprise')).toBe(true);
  });
});
