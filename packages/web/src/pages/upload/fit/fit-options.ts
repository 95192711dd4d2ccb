import {
  effectiveTokenBudget,
  fitFieldsProblem,
  MAX_TOKEN_BUDGET,
  MIN_TOKEN_BUDGET,
  type JobCreationFields,
} from '@repobundle/contract';

// The "Fit to a model" choices as the upload screen keeps them, their check, and their job fields.

/** No budget; a budget of tokens; or the model's window less a reserve. */
export type BudgetMode = 'none' | 'budget' | 'fit';

export interface FitOptions {
  mode: BudgetMode;
  /** Tokens, as typed ("" while empty). */
  tokenBudget: string;
  /** With fit: tokens left free, as typed ("" for the default quarter of the window). */
  reserveTokens: string;
  /** What the bundle is for; files relevant to it are degraded last. */
  focus: string;
  /** Globs of files degraded last, one per line as typed. */
  keepPatterns: string;
}

export const DEFAULT_FIT: FitOptions = {
  mode: 'none',
  tokenBudget: '',
  reserveTokens: '',
  focus: '',
  keepPatterns: '',
};

/** A typed whole number, or null when it is not one. */
function wholeNumber(text: string): number | null {
  const cleaned = text.replace(/[\s,_]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : null;
}

export function keepPatternList(fit: FitOptions): string[] {
  return [
    ...new Set(
      fit.keepPatterns
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

/** The budget fields of a job, or a sentence saying what to fix first. */
export function fitFields(
  fit: FitOptions,
  targetModel: string,
): { fields: Partial<JobCreationFields> } | { error: string } {
  if (fit.mode === 'none') return { fields: {} };
  const fields: Partial<JobCreationFields> = {};
  if (fit.mode === 'budget') {
    const budget = wholeNumber(fit.tokenBudget);
    if (budget === null || budget < MIN_TOKEN_BUDGET || budget > MAX_TOKEN_BUDGET) {
      return {
        error: `Enter a token budget from ${MIN_TOKEN_BUDGET.toLocaleString('en-US')} to ${MAX_TOKEN_BUDGET.toLocaleString('en-US')} tokens.`,
      };
    }
    fields.token_budget = budget;
  } else {
    if (!targetModel) return { error: 'Choose a model to fit the bundle to.' };
    fields.fit_to_model = true;
    if (fit.reserveTokens.trim()) {
      const reserve = wholeNumber(fit.reserveTokens);
      if (reserve === null) return { error: 'The reserve must be a whole number of tokens.' };
      fields.reserve_tokens = reserve;
    }
  }
  const problem = fitFieldsProblem({ ...fields, target_model: targetModel || undefined });
  if (problem) return { error: readable(problem) };
  const keep = keepPatternList(fit);
  if (keep.length > 0) fields.keep_patterns = keep;
  if (fit.focus.trim()) fields.focus = fit.focus.trim();
  return { fields };
}

/** The server's field names read as the screen's words. */
function readable(problem: string): string {
  return problem
    .replace(/reserve_tokens/g, 'The reserve')
    .replace(/fit_to_model/g, 'Fit to the model')
    .replace(/token_budget/g, 'the token budget')
    .replace(/target_model/g, 'model');
}

export function fitError(fit: FitOptions, targetModel: string): string | null {
  const result = fitFields(fit, targetModel);
  return 'error' in result ? result.error : null;
}

/** The budget the job would pack to, or null (none, or not valid yet). */
export function chosenBudget(fit: FitOptions, targetModel: string): number | null {
  const result = fitFields(fit, targetModel);
  if ('error' in result) return null;
  return effectiveTokenBudget({ ...result.fields, target_model: targetModel || undefined });
}
