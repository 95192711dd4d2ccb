import type { PackLevel } from '@repobundle/contract/models';
import { findModel, PACK_LEVELS } from '@repobundle/contract/models';
import type { FileStageOptions, ResolvedOptions } from '../config/options.js';
import type { AssembleInput, Bundle, BudgetReport } from '../core/assemble-bundle.js';
import { assembleBundle } from '../core/assemble-bundle.js';
import { degradeSteps } from '../core/budget/degrade-steps.js';
import type { LoadLevels } from '../core/budget/pack-to-budget.js';
import { packToBudget } from '../core/budget/pack-to-budget.js';
import { levelGroups } from '../core/budget/level-groups.js';
import { rankFiles } from '../core/budget/rank-files.js';
import type { TokenBudget } from '../core/budget/resolve-budget.js';
import type { ProcessedFile, SourceEntry } from '../core/types.js';
import { EngineError } from '../errors.js';
import type { FileProcessor } from './file-processor.js';
import type { ResultCache } from './result-cache.js';

/** Lower levels processed at once: enough to keep the worker threads busy. */
const IN_FLIGHT = 16;

export interface BudgetPackContext {
  readonly budget: TokenBudget;
  /** Everything assembleBundle needs but the files. */
  readonly assemble: Omit<AssembleInput, 'files' | 'budget'>;
  /** The files at full level, in output order, and the entries they were read from. */
  readonly files: readonly ProcessedFile[];
  readonly entries: readonly SourceEntry[];
  readonly fileOptions: FileStageOptions;
  readonly processor: FileProcessor;
  readonly cache?: ResultCache | undefined;
  readonly changeCounts?: ReadonlyMap<string, number> | undefined;
}

/**
 * Packs to a token budget: ranks the files, then cuts the least important down (comments
 * removed, signatures only, path only) until the whole bundle, overview included, fits. A lower
 * level is made by processing the file again with comment removal or compression on; the result
 * cache keeps those like any other result.
 */
export async function assembleToBudget(context: BudgetPackContext): Promise<Bundle> {
  const { budget, assemble, files } = context;
  const options: ResolvedOptions = assemble.options;
  const ranked = rankFiles(files, {
    keepPatterns: options.keepPatterns,
    focus: options.focus,
    changeCounts: context.changeCounts,
  });
  const outcome = await packToBudget({
    files,
    steps: degradeSteps(ranked),
    reasons: new Map(ranked.map((file) => [file.path, file.reason])),
    budget: budget.countedTokens,
    load: levelLoader(context),
    measure: async (levelled, notes) => {
      const levels = new Map(levelled.map((file) => [file.path, file.level ?? 'full']));
      const bundle = await assembleBundle({
        ...assemble,
        files: levelled,
        levelGroups: levelGroups(ranked, levels, notes),
        budget: {
          tokens: budget.tokens,
          source: budget.source,
          ...(budget.reserve !== undefined && { reserve: budget.reserve }),
        },
      });
      const chunkTokens = bundle.chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
      const total = assemble.counter.count(bundle.overview.text) + chunkTokens;
      return { total, chunkTokens, result: bundle };
    },
  });
  if (!outcome.fits) throw tooSmall(budget, outcome.minimum, options.targetModel);
  const report: BudgetReport = {
    tokens: budget.tokens,
    used: outcome.used,
    counted_limit: budget.countedTokens,
    source: budget.source,
    ...(budget.reserve !== undefined && { reserve_tokens: budget.reserve }),
    step_tokens: outcome.granularity,
    levels: countLevels(outcome.levels),
    measurements: outcome.measurements,
  };
  return { ...outcome.result, budget: report };
}

function countLevels(levels: ReadonlyMap<string, PackLevel>): Record<PackLevel, number> {
  const counts = Object.fromEntries(PACK_LEVELS.map((level) => [level, 0])) as Record<
    PackLevel,
    number
  >;
  for (const level of levels.values()) counts[level]++;
  return counts;
}

/** Processes files again with comment removal or compression, a few at a time. */
function levelLoader(context: BudgetPackContext): LoadLevels {
  const entries = new Map(context.entries.map((entry) => [entry.path, entry]));
  return async (requests) => {
    const results: (ProcessedFile | undefined)[] = new Array(requests.length);
    let next = 0;
    const lane = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index];
        const entry = request && entries.get(request.path);
        if (!request || !entry) continue;
        const options: FileStageOptions =
          request.level === 'no_comments'
            ? { ...context.fileOptions, removeComments: true }
            : // Levels are cumulative: signatures keep no comments either.
              { ...context.fileOptions, removeComments: true, compress: true };
        const outcome = await context.processor.process(entry, options, context.cache);
        results[index] = outcome.ok ? outcome.file : undefined;
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, requests.length) }, lane));
    return results;
  };
}

/** Even every file listed by path alone is over the budget: say what budget would do. */
function tooSmall(budget: TokenBudget, minimum: number, targetModel: string | undefined): Error {
  const model = targetModel === undefined ? undefined : findModel(targetModel);
  // For an estimated model the count is scaled back to the model's (pessimistic) tokens.
  const needed =
    model === undefined || model.exact
      ? minimum
      : Math.ceil(minimum * model.ratio * (1 + model.error_band));
  const window = budget.tokens + (budget.reserve ?? 0);
  const how =
    budget.source === 'fit_to_model'
      ? needed >= window
        ? `Not even the model's whole window holds it: pack fewer files`
        : `Lower --reserve (reserve_tokens) to at most ${budget.tokens + (budget.reserve ?? 0) - needed}, or pack fewer files`
      : `Use --token-budget ${needed} (token_budget) or more, or pack fewer files`;
  return new EngineError(
    'BUDGET_TOO_SMALL',
    `The token budget of ${budget.tokens} is too small: with every file listed by its path only, the overview alone needs ${needed} tokens. ${how}.`,
  );
}
