// Packing to a token budget on the bench corpora: for budgets of 25%, 50% and 75% of the full
// bundle's tokens (overview plus chunks, o200k_base), the share of the budget used, the share of
// the repository's definitions whose signatures are still in the bundle, and the time. `last
// step` is the tokens the last degradation step saved: the bundle one step less cut down was
// over the budget, so utilisation is above 1 - last step / budget.
// Run: `npx tsx bench/budget.ts [--corpus small|medium|large]...` (default small), after
// `npm run build -w @repobundle/engine`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Bundle } from '../packages/engine/src/core/assemble-bundle.js';
import { languageOf } from '../packages/engine/src/core/languages.js';
import { chooseGrammar } from '../packages/engine/src/core/syntax/choose-grammar.js';
import {
  definitionName,
  mayBeDefinition,
} from '../packages/engine/src/core/syntax/definition-names.js';
import { grammarOf } from '../packages/engine/src/core/syntax/grammars.js';
import type { SyntaxNode } from '../packages/engine/src/core/syntax/syntax-tree.js';
import { loadTokenCounter } from '../packages/engine/src/core/tokens/index.js';
import { pack } from '../packages/engine/src/io/pack.js';
import { getTreeSitterParser } from '../packages/engine/src/io/syntax/tree-sitter-parser.js';
import { ensureCorpus } from './corpora.js';
import { CORPUS_NAMES } from './corpus-specs.js';
import type { CorpusName } from './corpus-specs.js';
import { formatTable } from './report.js';

const SHARES = [0.25, 0.5, 0.75] as const;
const FIXED_TIME = () => new Date('2026-01-01T00:00:00Z');

const corpora = process.argv
  .flatMap((arg, index) => (process.argv[index - 1] === '--corpus' ? [arg] : []))
  .filter((name): name is CorpusName => (CORPUS_NAMES as readonly string[]).includes(name));
const log = (line: string): void => console.log(line);
const counter = await loadTokenCounter('o200k_base');
const parser = getTreeSitterParser();

function writtenTokens(bundle: Bundle): number {
  return (
    counter.count(bundle.overview.text) +
    bundle.chunks.reduce((sum, chunk) => sum + chunk.tokens, 0)
  );
}

/** The names of a file's definitions ("foo" of "function foo"), from its syntax tree. */
async function definitionsOf(file: string, relative: string): Promise<string[]> {
  const grammarId = grammarOf(languageOf(relative));
  if (!grammarId) return [];
  const text = await readFile(file, 'utf8');
  const tree = await parser.parse(await chooseGrammar(text, grammarId, parser), text);
  if (!tree) return [];
  const names: string[] = [];
  const visit = (node: SyntaxNode, enclosing: string | undefined): void => {
    let inner = enclosing;
    if (mayBeDefinition(node.type)) {
      const name = definitionName(node, enclosing);
      if (name) {
        const space = name.indexOf(' ');
        names.push(space === -1 ? name : name.slice(space + 1));
        inner = space === -1 ? name : name.slice(0, space);
      }
    }
    for (const child of node.namedChildren) visit(child, inner);
  };
  visit(tree.rootNode, undefined);
  return names;
}

/** Definitions whose name is still in their file's text in the bundle (not cut to its path). */
async function definitionsKept(
  dir: string,
  bundle: Bundle,
): Promise<{ kept: number; total: number }> {
  let kept = 0;
  let total = 0;
  for (const file of bundle.files) {
    const names = await definitionsOf(path.join(dir, file.path), file.path);
    total += names.length;
    if (file.level === 'path_only') continue;
    kept += names.filter((name) => file.content.includes(name)).length;
  }
  return { kept, total };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const rows: string[][] = [];
for (const name of corpora.length > 0 ? corpora : (['small'] as const)) {
  const corpus = await ensureCorpus(name, log);
  const fullStarted = performance.now();
  const full = await pack(corpus.dir, {}, { now: FIXED_TIME });
  const fullSeconds = (performance.now() - fullStarted) / 1000;
  const fullTokens = writtenTokens(full);
  log(
    `${name}: ${full.files.length} files, full bundle ${fullTokens} tokens, packed without a budget in ${fullSeconds.toFixed(1)} s`,
  );
  for (const share of SHARES) {
    const budget = Math.round(fullTokens * share);
    const started = performance.now();
    const bundle = await pack(corpus.dir, { tokenBudget: budget }, { now: FIXED_TIME });
    const seconds = (performance.now() - started) / 1000;
    const used = writtenTokens(bundle);
    if (used > budget) throw new Error(`${name} at ${share}: ${used} tokens over ${budget}`);
    const definitions = await definitionsKept(corpus.dir, bundle);
    const levels = bundle.budget?.levels;
    rows.push([
      name,
      `${share * 100}%`,
      String(budget),
      String(used),
      percent(used / budget),
      String(bundle.budget?.step_tokens ?? 0),
      percent(definitions.total === 0 ? 1 : definitions.kept / definitions.total),
      `${levels?.full ?? 0}/${levels?.no_comments ?? 0}/${levels?.signatures ?? 0}/${levels?.path_only ?? 0}`,
      String(bundle.budget?.measurements ?? 0),
      seconds.toFixed(1),
    ]);
    log(rows[rows.length - 1]?.join('  ') ?? '');
  }
}
log('');
log(
  formatTable(
    [
      'corpus',
      'budget',
      'tokens',
      'used',
      'utilisation',
      'last step',
      'definitions kept',
      'full/no_comments/signatures/path_only',
      'measurements',
      'seconds',
    ],
    rows,
  ),
);
