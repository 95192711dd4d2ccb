import { describe, expect, it } from 'vitest';
import { countSyntaxErrors } from '../../core/syntax/count-errors.js';
import { GRAMMAR_IDS } from '../../core/syntax/grammars.js';
import type { GrammarId } from '../../core/syntax/grammars.js';
import { createTreeSitterParser } from './tree-sitter-parser.js';

/** One small valid program per shipped grammar, with a comment in it. */
const SAMPLES: Readonly<Record<GrammarId, string>> = {
  typescript: 'let a: number = 1; // c\n',
  tsx: 'const v = <a href="x">{/* c */}</a>;\n',
  javascript: 'const a = /x/g; // c\n',
  python: 'def f():\n    return 1  # c\n',
  go: 'package main\n\n// c\nfunc main() {}\n',
  java: 'class A { /* c */ }\n',
  rust: 'fn main() {} // c\n',
  c: 'int main(void) { return 0; } /* c */\n',
  cpp: 'namespace n { int f(); } // c\n',
  c_sharp: 'class A { } // c\n',
  ruby: 'def f; end # c\n',
  php: '<?php\necho 1; // c\n',
  bash: 'echo hi # c\n',
  css: 'a { color: red; } /* c */\n',
  html: '<p>x</p><!-- c -->\n',
  scala: 'object A // c\n',
  kotlin: 'fun main() {} // c\n',
  lua: 'local a = 1 -- c\n',
  haskell: 'main = pure () -- c\n',
  zig: 'const a = 1; // c\n',
  json: '{"a": 1}\n',
  yaml: 'a: 1 # c\n',
  toml: 'a = 1 # c\n',
  hcl: 'a = 1 # c\n',
  make: 'all: ; @true # c\n',
};

describe('tree-sitter parser', () => {
  const parser = createTreeSitterParser();

  for (const grammar of GRAMMAR_IDS) {
    it(`loads the ${grammar} grammar and parses without errors`, async () => {
      const tree = await parser.parse(grammar, SAMPLES[grammar]);
      expect(tree).toBeDefined();
      expect(countSyntaxErrors(tree!.rootNode)).toBe(0);
      expect(tree!.rootNode.endIndex).toBeGreaterThanOrEqual(SAMPLES[grammar].trimEnd().length);
    });
  }

  it('returns the same tree for the same text without parsing again', async () => {
    const first = await parser.parse('python', 'x = 1\n');
    const second = await parser.parse('python', 'x = 1\n');
    expect(second).toBe(first);
    const other = await parser.parse('python', 'y = 2\n');
    expect(other).not.toBe(first);
  });

  it('gives UTF-16 offsets, as JavaScript strings index', async () => {
    const text = 'const s = "😀é"; // c\n';
    const tree = await parser.parse('javascript', text);
    const comment = tree!.rootNode.namedChildren.find((node) => node.type === 'comment');
    expect(comment?.startIndex).toBe(text.indexOf('//'));
  });
});
