import { TOKEN_LIMITS } from '../../config/options.js';
import type { SplitDefinition } from './judge-cuts.js';
import type { Rule } from './suggest-input.js';
import { count, renderRatio } from './suggest-input.js';

/** Definitions that would fit a chunk but were cut in two: the strongest sign to change strategy. */
export const splitDefinitions: Rule = ({ chunks, files, options, strategy, cuts }) => {
  const split = cuts.splitDefinitions;
  if (split.length === 0) return undefined;
  const raiseTo = TOKEN_LIMITS.find((limit) => limit > options.tokenLimit);
  const actions: string[] = [];
  if (strategy === 'fixed' || strategy === 'file_based') {
    if (raiseTo !== undefined) actions.push(`raise the token limit to ${count(raiseTo)}`);
    actions.push('use semantic, which keeps every definition that fits a chunk whole');
  } else if (strategy === 'auto') {
    actions.push(
      'use semantic, which also follows the outline of files with parse errors (auto cuts those at line ends)',
    );
  } else if (raiseTo !== undefined) {
    // Semantic cuts a fitting definition only when a chunk rendered larger than planned.
    actions.push(`raise the token limit to ${count(raiseTo)} to leave more room`);
  }
  const ratio = renderRatio(chunks, files);
  const largest = Math.max(...split.map((definition) => definition.tokens));
  return {
    type: actions.length > 0 ? 'improvement' : 'info',
    title: `${split.length} ${plural(split.length, 'definition was', 'definitions were')} cut in two`,
    description: `${describe(split)} ${plural(split.length, 'It fits', 'Each fits')} in a chunk of ${count(options.tokenLimit)} tokens (the largest has about ${count(Math.ceil(largest * ratio))} tokens), yet no chunk holds ${plural(split.length, 'it', 'them')} whole.`,
    recommendation:
      actions.length > 0
        ? `${capitalize(actions.join(' or '))}.`
        : 'No change helps here; the parts are labelled with the enclosing definitions.',
  };
};

/** Definitions larger than a chunk: cut wherever the strategy, necessarily. */
export const oversizedDefinitions: Rule = ({ chunks, files, options, cuts }) => {
  const oversized = cuts.oversizedDefinitions;
  if (oversized.length === 0) return undefined;
  const ratio = renderRatio(chunks, files);
  const largest = oversized.reduce((top, item) => (item.tokens > top.tokens ? item : top));
  const size = Math.ceil(largest.tokens * ratio);
  const raiseTo = TOKEN_LIMITS.find((limit) => limit > options.tokenLimit && limit > size);
  return {
    type: raiseTo === undefined ? 'info' : 'improvement',
    title: `${oversized.length} ${plural(oversized.length, 'definition is', 'definitions are')} larger than a chunk`,
    description: `The largest, ${label(largest)}, renders to about ${count(size)} tokens; such definitions are read in parts, each labelled with the definitions around it.`,
    recommendation:
      raiseTo === undefined
        ? `No allowed limit (up to ${count(Math.max(...TOKEN_LIMITS))}) holds the largest whole.`
        : `Raise the token limit to ${count(raiseTo)} to keep ${plural(oversized.length, 'it', 'them')} whole.`,
  };
};

function describe(split: readonly SplitDefinition[]): string {
  const shown = split.slice(0, 3).map(label).join(', ');
  const more = split.length > 3 ? ` and ${count(split.length - 3)} more` : '';
  return `${shown}${more}.`;
}

function label(definition: SplitDefinition): string {
  return `${definition.path}: ${definition.name} (lines ${definition.startLine}-${definition.endLine})`;
}

function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
