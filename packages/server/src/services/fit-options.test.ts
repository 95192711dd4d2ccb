import { jobCreationFieldsSchema } from '@repobundle/contract';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../db/repositories/plans.repository.js';
import { engineOptions, resolveJobOptions } from './job-options.js';

const plan = (id: Plan['id']): Plan => ({
  id,
  name: id,
  priceMonthlyCents: 0,
  priceYearlyCents: 0,
  creditsPerMonth: 100,
  creditsPerMonthYearly: 100,
  maxLinesPerJob: 100_000,
  uploadLimitMb: 10,
  allowedOutputFormats: ['md'],
  features: [],
});

const input = (fields: Record<string, unknown>) =>
  jobCreationFieldsSchema.parse({ selected: ['a.ts'], output_format: 'md', ...fields });

describe('budget options from the job to the engine', () => {
  it('passes a budget, keep patterns and focus to the engine', () => {
    const stored = resolveJobOptions(
      input({
        target_model: 'gpt-4o',
        token_budget: 20_000,
        keep_patterns: ['src/**'],
        focus: 'retries',
      }),
      plan('pro'),
    );
    expect(engineOptions(stored, ['a.ts'])).toMatchObject({
      targetModel: 'gpt-4o',
      tokenBudget: 20_000,
      fitToModel: false,
      keepPatterns: ['src/**'],
      focus: 'retries',
    });
  });

  it('passes fit with its reserve, and nothing of a budget without one', () => {
    const fit = resolveJobOptions(
      input({ target_model: 'gpt-4o', fit_to_model: true, reserve_tokens: 1000 }),
      plan('starter'),
    );
    expect(engineOptions(fit, [])).toMatchObject({ fitToModel: true, reserveTokens: 1000 });
    const none = engineOptions(resolveJobOptions(input({}), plan('free')), []);
    expect(none).toMatchObject({ fitToModel: false, keepPatterns: [] });
    expect(none).not.toHaveProperty('tokenBudget');
    expect(none).not.toHaveProperty('reserveTokens');
    expect(none).not.toHaveProperty('focus');
  });

  it('refuses budget packing on the free plan', () => {
    expect(() => resolveJobOptions(input({ token_budget: 5000 }), plan('free'))).toThrow(
      /Packing to a token budget is not included in the free plan/,
    );
  });
});
