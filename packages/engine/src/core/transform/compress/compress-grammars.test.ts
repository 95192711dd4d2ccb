import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { getTreeSitterParser } from '../../../io/syntax/tree-sitter-parser.js';
import { countSyntaxErrors } from '../../syntax/count-errors.js';
import { GRAMMAR_IDS, grammarOf } from '../../syntax/grammars.js';
import type { GrammarId } from '../../syntax/grammars.js';
import { COMPRESS_SAMPLES } from '../../syntax/compress/test-support/compress-samples.js';
import { compressTransform } from './compress-transform.js';

const parser = getTreeSitterParser();
const options = resolveOptions({ compress: true });
const DATA: ReadonlySet<GrammarId> = new Set(['json', 'yaml', 'toml', 'hcl']);

async function compress(language: string, text: string) {
  const notes: string[] = [];
  const output = await compressTransform.apply(text, {
    name: `sample.${language}`,
    language,
    options,
    note: (message) => notes.push(message),
    countRedaction: () => undefined,
    parser,
  });
  return { output, notes };
}

async function errorsOf(grammar: GrammarId, text: string): Promise<number> {
  const tree = await parser.parse(grammar, text);
  if (!tree) throw new Error(`no ${grammar} tree`);
  return countSyntaxErrors(tree.rootNode);
}

describe('compression of every shipped grammar', () => {
  it('has a hard case for each grammar the engine ships', () => {
    expect(Object.keys(COMPRESS_SAMPLES).sort()).toEqual([...GRAMMAR_IDS].sort());
  });

  for (const grammar of GRAMMAR_IDS) {
    const sample = COMPRESS_SAMPLES[grammar];
    it(`${grammar}: keeps signatures, drops bodies, and the result parses`, async () => {
      expect(grammarOf(sample.language)).toBe(grammar);
      expect(await errorsOf(grammar, sample.text)).toBe(0);
      const { output, notes } = await compress(sample.language, sample.text);
      expect(notes).toEqual([]);
      expect(await errorsOf(grammar, output)).toBe(0);
      for (const kept of sample.kept) expect(output).toContain(kept);
      for (const gone of sample.gone) expect(output).not.toContain(gone);
      if (DATA.has(grammar)) expect(output).toBe(sample.text);
      else expect(output.length).toBeLessThan(sample.text.length);
    });
  }
});
