import {
  BUDGET_PACKING_PLANS,
  fitFieldsProblem,
  planPacksToBudget,
  type jobCreationFieldsSchema,
} from '@repobundle/contract';
import { validatePattern, type BundleOptions } from '@repobundle/engine';
import type { z } from 'zod';
import type { Plan } from '../db/repositories/plans.repository.js';
import { AppError, badRequest } from '../errors.js';

type FitInput = Pick<
  z.output<typeof jobCreationFieldsSchema>,
  'target_model' | 'token_budget' | 'fit_to_model' | 'reserve_tokens' | 'keep_patterns' | 'focus'
>;

/** How a job packs to a budget, as the job stores it; every field absent without a budget. */
export interface StoredFitOptions {
  token_budget?: number;
  fit_to_model?: boolean;
  reserve_tokens?: number;
  keep_patterns?: string[];
  focus?: string;
}

const planNames = (ids: readonly string[]) =>
  ids.map((id) => id.charAt(0).toUpperCase() + id.slice(1)).join(', ');

/**
 * Checks the budget fields together and against the plan. Keep patterns and focus only rank
 * files for a budget, so without one they are refused rather than silently ignored.
 */
export function resolveFitOptions(input: FitInput, plan: Plan): StoredFitOptions {
  const problem = fitFieldsProblem(input);
  if (problem) throw badRequest('VALIDATION_ERROR', problem);
  const packs = input.token_budget !== undefined || input.fit_to_model;
  const keep = [...new Set(input.keep_patterns ?? [])];
  const focus = input.focus?.trim() ? input.focus.trim() : undefined;
  if (!packs) {
    if (keep.length > 0 || focus !== undefined) {
      throw badRequest(
        'VALIDATION_ERROR',
        'keep_patterns and focus rank files for a budget: give token_budget or fit_to_model with them.',
      );
    }
    return {};
  }
  if (!planPacksToBudget(plan.id)) {
    throw new AppError(
      403,
      'UPGRADE_REQUIRED',
      `Packing to a token budget is not included in the ${plan.name} plan. It is available on ${planNames(BUDGET_PACKING_PLANS)}: upgrade to use token_budget or fit_to_model.`,
    );
  }
  const problems = keep.flatMap((pattern) => {
    const check = validatePattern(pattern);
    return check.valid ? [] : [`"${pattern}": ${check.error}`];
  });
  if (problems.length > 0) {
    throw badRequest('VALIDATION_ERROR', `Invalid keep pattern ${problems.join('; ')}`, problems);
  }
  return {
    ...(input.token_budget !== undefined && { token_budget: input.token_budget }),
    ...(input.fit_to_model && { fit_to_model: true }),
    ...(input.fit_to_model &&
      input.reserve_tokens !== undefined && { reserve_tokens: input.reserve_tokens }),
    ...(keep.length > 0 && { keep_patterns: keep }),
    ...(focus !== undefined && { focus }),
  };
}

/** The engine's budget options for a stored job. */
export function fitEngineOptions(
  options: StoredFitOptions,
): Pick<BundleOptions, 'tokenBudget' | 'fitToModel' | 'reserveTokens' | 'keepPatterns' | 'focus'> {
  return {
    ...(options.token_budget !== undefined && { tokenBudget: options.token_budget }),
    fitToModel: options.fit_to_model === true,
    ...(options.reserve_tokens !== undefined && { reserveTokens: options.reserve_tokens }),
    keepPatterns: options.keep_patterns ?? [],
    ...(options.focus !== undefined && { focus: options.focus }),
  };
}
