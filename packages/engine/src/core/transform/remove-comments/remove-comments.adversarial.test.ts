import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { getTreeSitterParser } from '../../../io/syntax/tree-sitter-parser.js';
import { COMMENT_TYPES } from '../../syntax/comment-rules.js';
import { countSyntaxErrors } from '../../syntax/count-errors.js';
import { grammarOf } from '../../syntax/grammars.js';
import type { GrammarId } from '../../syntax/grammars.js';
import { docstringEdits } from '../../syntax/python-docstrings.js';
import { collectLiterals } from '../../syntax/test-support/literals.js';
import { ADVERSARIAL_CASES } from './test-support/adversarial-cases.js';
import { removeCommentsTransform } from './remove-comments-transform.js';

const parser = getTreeSitterParser();

/** Literals and error count of a text; read at once, since the next parse frees the tree. */
async function inspect(grammar: GrammarId, text: string, withoutDocstrings: boolean) {
  const tree = await parser.parse(grammar, text);
  if (!tree) throw new Error(`no tree for ${grammar}`);
  const docstrings = withoutDocstrings
    ? docstringEdits(tree.rootNode, (type) => COMMENT_TYPES.has(type))
    : [];
  return {
    errors: countSyntaxErrors(tree.rootNode),
    literals: collectLiterals(tree.rootNode, text, docstrings),
  };
}

async function removeComments(language: string, text: string) {
  const notes: string[] = [];
  const output = await removeCommentsTransform.apply(text, {
    name: 'case',
    language,
    options: resolveOptions({ removeComments: true }),
    note: (message) => notes.push(message),
    countRedaction: () => undefined,
    parser,
  });
  return { output, notes };
}

describe('comment removal on adversarial inputs', () => {
  for (const testCase of ADVERSARIAL_CASES) {
    it(testCase.name, async () => {
      const grammar = grammarOf(testCase.language);
      expect(grammar, 'a grammar ships for the case').toBeDefined();
      const before = await inspect(grammar as GrammarId, testCase.source, grammar === 'python');
      expect(before.errors, 'the input itself parses').toBe(0);

      const { output, notes } = await removeComments(testCase.language, testCase.source);
      expect(notes).toEqual([]);
      const after = await inspect(grammar as GrammarId, output, false);

      expect(after.errors, output).toBe(0);
      expect(after.literals).toEqual(before.literals);
      for (const gone of testCase.gone) expect(output).not.toContain(gone);
      for (const kept of testCase.kept) expect(output).toContain(kept);
      // Removal leaves no whitespace-only line where a comment stood and no trailing spaces.
      const blankBefore = testCase.source.split('\n').filter((line) => line.trim() === '').length;
      const blankAfter = output.split('\n').filter((line) => line.trim() === '').length;
      expect(blankAfter).toBeLessThanOrEqual(blankBefore);
      for (const line of output.split('\n')) expect(line).not.toMatch(/[ \t]$/);
    });
  }
});

describe('comment removal where the grammar is confused', () => {
  it('keeps comments inside error regions, where they may be string contents', async () => {
    // tree-sitter-c reads the string in this define as a comment inside an ERROR node.
    const source = '#define GREETING "/* hi */" // macro note\nint x; // real comment\n';
    const { output, notes } = await removeComments('c', source);
    expect(notes).toEqual([]);
    expect(output).toContain('"/* hi */"');
    expect(output).not.toContain('real comment');
  });

  it('refuses a removal that would add syntax errors and says so', async () => {
    // Python: a docstring followed by `;` on its line cannot simply go.
    const source = 'def f():\n    "doc"; return 1\n';
    const { output, notes } = await removeComments('python', source);
    expect(output).toBe(source);
    expect(notes).toEqual([expect.stringMatching(/^comments kept: removing them would add/)]);
  });
});
