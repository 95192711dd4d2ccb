import { useMemo } from 'react';
import { COUNTED } from './selection-count/count-session.js';
import { estimateSelection, type EstimateInput, type SelectionEstimate } from './rules/estimate.js';
import type { LoadedArchive } from './use-archive.js';
import { useSelectionCounts } from './use-selection-counts.js';
import { ALL_KEPT, useSelectionRule, type RuleOptions } from './use-selection-rule.js';

/**
 * The summary bar's figures for the checked files: those the job would process (the server's
 * selection rule, .gitignore and custom patterns included), counted exactly in the workers.
 */
export function useSelectionEstimate(
  archive: LoadedArchive,
  checked: readonly number[],
  knownLines: ReadonlyMap<number, number>,
  rules: RuleOptions,
): SelectionEstimate {
  const keep = useSelectionRule(archive, rules);
  const kept = useMemo(
    () =>
      keep === null || keep === ALL_KEPT ? checked : checked.filter((file) => keep[file] === 1),
    [keep, checked],
  );
  const counts = useSelectionCounts(archive, kept);
  const { tree } = archive;
  return useMemo(() => {
    const { session } = counts;
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
}
