import type { SyntaxNode } from '../../syntax-tree.js';
import type { CompressRules } from '../compress-rules.js';
import { childOfType, lineBreakOf, types } from '../compress-rules.js';
import { braceBody } from '../placeholders.js';

const BLOCKS = types('block', 'keyframe_block_list');

/** CSS: selectors and at-rules stay, each rule's declarations become `{ /* ... *\/ }`. */
export const CSS_RULES: CompressRules = {
  definitions: types('rule_set', 'keyframes_statement', 'at_rule'),
  body: (definition, text) => braceBody(childOfType(definition, BLOCKS), text),
  scopes: types('media_statement', 'supports_statement'),
  members: (scope) => childOfType(scope, BLOCKS)?.namedChildren ?? [],
  isKept: () => true,
  imports: types(),
  others: 'keep',
};

/** HTML: the markup stays; inline scripts and style sheets become `/* ... *\/`. */
export const HTML_RULES: CompressRules = {
  definitions: types('script_element', 'style_element'),
  body: (definition, text) => {
    const raw = childOfType(definition, types('raw_text'));
    if (!raw || !/\S/.test(text.slice(raw.startIndex, raw.endIndex))) return undefined;
    return { start: raw.startIndex, end: raw.endIndex, text: '/* ... */' };
  },
  scopes: types('element'),
  members: (scope: SyntaxNode) => scope.namedChildren,
  isKept: () => true,
  imports: types(),
  others: 'keep',
};

/** Makefiles: targets, prerequisites, variables and includes stay; recipes go. */
export const MAKE_RULES: CompressRules = {
  definitions: types('rule'),
  body: (definition, text) => {
    const recipe = childOfType(definition, types('recipe'));
    if (!recipe) return undefined;
    return { start: recipe.startIndex, end: recipe.endIndex, text: lineBreakOf(text) };
  },
  scopes: types(),
  isKept: () => true,
  imports: types(),
  others: 'keep',
  lineComment: '#',
};
