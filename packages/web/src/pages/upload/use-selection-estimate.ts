import { findModel } from '@repobundle/contract';
import type { TokenizerName } from '@repobundle/contract/models';
import { useMemo } from 'react';
import { countsInBrowser } from './selection-count/browser-tokenizers.js';
import { COUNTED } from './selection-count/count-session.js';
import { estimateSelection, type EstimateInput, type SelectionEstimate } from './rules/estimate.js';
import type { LoadedArchive } from './use-archive.js';
import { useArchiveSessions, useTokenizerCounts } from './use-selection-counts.js';
import { ALL_KEPT, useSelectionRule, type RuleOptions } from './use-selection-rule.js';

/** The selection's tokens counted with the target model's own tokenizer. */
export interface ModelTokenCount {
  tokenizer: TokenizerName;
  /** Tokens of the files counted so far. */
  tokens: number;
  /** True when every selected file was counted. */
  exact: boolean;
}

export interface SelectionFigures extends SelectionEstimate {
  /**
   * Null without a target model, for a model whose tokenizer is o200k_base (`tokens` is its
   * count) or is not counted in the browser, and when its vocabulary did not load.
   */
  modelTokens: ModelTokenCount | null;
}

/** The tokenizer to count with for the target model, beside o200k_base; null for none. */
function secondTokenizerOf(targetModel: string | undefined): TokenizerName | null {
  const model = targetModel ? findModel(targetModel) : undefined;
  if (!model?.exact || model.tokenizer === 'o200k_base') return null;
  return countsInBrowser(model.tokenizer) ? model.tokenizer : null;
}

/**
 * The summary bar's figures for the checked files: those the job would process (the server's
 * selection rule, .gitignore and custom patterns included), counted exactly in the workers, with
 * o200k_base and, once a target model with another public tokenizer is chosen, with that one too.
 */
export function useSelectionEstimate(
  archive: LoadedArchive,
  checked: readonly number[],
  knownLines: ReadonlyMap<number, number>,
  rules: RuleOptions & { targetModel?: string },
): SelectionFigures {
  const keep = useSelectionRule(archive, rules);
  const kept = useMemo(
    () =>
      keep === null || keep === ALL_KEPT ? checked : checked.filter((file) => keep[file] === 1),
    [keep, checked],
  );
  const sessions = useArchiveSessions(archive);
  const counts = useTokenizerCounts(archive, sessions, kept, 'o200k_base');
  const modelCounts = useTokenizerCounts(
    archive,
    sessions,
    kept,
    secondTokenizerOf(rules.targetModel),
  );
  const { tree } = archive;
  const estimate = useMemo(() => {
    const session = counts!.session;
    const inputs = kept.map((file): EstimateInput => {
      const size = tree.files[file]!.size;
      return session.state[file] === COUNTED
        ? { size, knownLines: session.lines[file]!, tokens: session.tokens[file]! }
        : { size, knownLines: knownLines.get(file) };
    });
    const estimate = estimateSelection(inputs);
    const ignored = checked.length - kept.length;
    // Until the rule is known (the .gitignore files being read) no figure is exact.
    if (keep === null) return { ...estimate, ignored, linesExact: false, tokensExact: false };
    return { ...estimate, ignored };
  }, [counts, kept, checked, keep, knownLines, tree]);
  const modelTokens = useMemo(() => {
    if (!modelCounts || modelCounts.failed) return null;
    const { session } = modelCounts;
    let tokens = 0;
    let counted = 0;
    for (const file of kept) {
      if (session.state[file] !== COUNTED) continue;
      tokens += session.tokens[file]!;
      counted++;
    }
    const exact = keep !== null && counted === kept.length;
    return { tokenizer: session.encoding, tokens, exact };
  }, [modelCounts, kept, keep]);
  return useMemo(() => ({ ...estimate, modelTokens }), [estimate, modelTokens]);
}
