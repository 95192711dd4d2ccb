// Compression, ours vs `repomix --compress`, on the same real files in one run: tokens saved
// per language, and files whose compressed text parses worse than the original (tree-sitter,
// the engine's grammars). Run: `npx tsx bench/compress.ts [--per-language N]` (default 60),
// after `npm run build -w @repobundle/engine`.
import { readFile } from 'node:fs/promises';
import { languageOf } from '../packages/engine/src/core/languages.js';
import { chooseGrammar } from '../packages/engine/src/core/syntax/choose-grammar.js';
import { countSyntaxErrors } from '../packages/engine/src/core/syntax/count-errors.js';
import { grammarOf } from '../packages/engine/src/core/syntax/grammars.js';
import type { GrammarId } from '../packages/engine/src/core/syntax/grammars.js';
import { loadTokenCounter } from '../packages/engine/src/core/tokens/index.js';
import { getTreeSitterParser } from '../packages/engine/src/io/syntax/tree-sitter-parser.js';
import { JAVA_PACKAGE, PYTHON_PACKAGE, compressCorpus } from './compress-corpus.js';
import {
  addCompressOutcome,
  emptyCompressTally,
  savedShare,
  validShare,
} from './compress-measure.js';
import type { CompressTally } from './compress-measure.js';
import { keyOf, prepareInput, runRepobundle, runRepomix } from './compress-tools.js';
import { formatTable } from './report.js';

const countArg = process.argv.indexOf('--per-language');
const PER_LANGUAGE = countArg === -1 ? 60 : Number(process.argv[countArg + 1]);

const log = (line: string): void => console.log(line);
const parser = getTreeSitterParser();
const counter = await loadTokenCounter('o200k_base');

const files = await compressCorpus(PER_LANGUAGE, log);
await prepareInput(files);
log(`sample: ${files.length} files, up to ${PER_LANGUAGE} per language`);
log('running repobundle (plain, --compress) and repomix 1.14.1 (plain, --compress) ...');
const timed = async <T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
};
const oursPlain = await runRepobundle(false);
const ours = await timed(() => runRepobundle(true));
const repomixPlain = await runRepomix(false);
const repomix = await timed(() => runRepomix(true));

async function errorsOf(grammar: GrammarId, text: string): Promise<number> {
  const tree = await parser.parse(grammar, text);
  if (!tree) throw new Error(`no ${grammar} tree`);
  return countSyntaxErrors(tree.rootNode);
}

const LANGUAGES = [...new Set(files.map((file) => file.language))];
const tallies = new Map<string, { ours: CompressTally; repomix: CompressTally }>();
const originalInvalid = new Map<string, number>();
let missing = 0;
for (const file of files) {
  const key = keyOf(file);
  const plain = oursPlain.texts.get(key);
  const compressed = ours.value.texts.get(key);
  const peerPlain = repomixPlain.get(key);
  const peerCompressed = repomix.value.get(key);
  if ([plain, compressed, peerPlain, peerCompressed].includes(undefined)) {
    missing += 1;
    continue;
  }
  const text = await readFile(file.file, 'utf8');
  const grammar = await chooseGrammar(text, grammarOf(languageOf(key)) as GrammarId, parser);
  const original = await errorsOf(grammar, text);
  if (original > 0)
    originalInvalid.set(file.language, (originalInvalid.get(file.language) ?? 0) + 1);
  const tally = tallies.get(file.language) ?? {
    ours: emptyCompressTally(),
    repomix: emptyCompressTally(),
  };
  tallies.set(file.language, tally);
  addCompressOutcome(
    tally.ours,
    {
      before: counter.count(plain as string),
      after: counter.count(compressed as string),
      errors: await errorsOf(grammar, compressed as string),
      keptWhole: ours.value.notes.get(key)?.startsWith('not compressed') ?? false,
    },
    original,
  );
  addCompressOutcome(
    tally.repomix,
    {
      before: counter.count(peerPlain as string),
      after: counter.count(peerCompressed as string),
      errors: await errorsOf(grammar, peerCompressed as string),
    },
    original,
  );
}

const rows: string[][] = [];
const total = { ours: emptyCompressTally(), repomix: emptyCompressTally() };
for (const language of LANGUAGES) {
  const tally = tallies.get(language);
  if (!tally) continue;
  for (const tool of ['ours', 'repomix'] as const) {
    const t = tally[tool];
    for (const field of [
      'files',
      'before',
      'after',
      'invalid',
      'addedErrors',
      'keptWhole',
    ] as const) {
      total[tool][field] += t[field];
    }
    rows.push(rowOf(`${language} / ${tool === 'ours' ? 'repobundle' : 'repomix 1.14.1'}`, t));
  }
}
rows.push(rowOf('all / repobundle', total.ours), rowOf('all / repomix 1.14.1', total.repomix));

function rowOf(label: string, t: CompressTally): string[] {
  return [
    label,
    String(t.files),
    String(t.before),
    String(t.after),
    savedShare(t),
    `${t.files - t.invalid}/${t.files} (${validShare(t)})`,
    String(t.addedErrors),
    String(t.keptWhole),
  ];
}

log('');
log(
  formatTable(
    [
      'language / tool',
      'files',
      'tokens before',
      'tokens after',
      'saved',
      'parse as well as the original',
      'syntax errors added',
      'kept whole (note)',
    ],
    rows,
  ),
);
log('');
log(`sources: TypeScript and JavaScript from the medium corpus, Python from ${PYTHON_PACKAGE},`);
log(
  `Java from ${JAVA_PACKAGE}, C (tree-sitter scanners), C++ (node-addon-api) and CSS from node_modules.`,
);
log(
  'tokens: o200k_base; "before" is each tool\'s own output without --compress (repomix trims files).',
);
log(
  'parse as well as the original: the compressed text has no more tree-sitter errors than the original.',
);
log(
  `originals that already had syntax errors: ${[...originalInvalid].map(([l, n]) => `${l} ${n}`).join(', ') || 'none'}.`,
);
log(
  `wall time of the --compress run (CLI start to end, whole sample): repobundle ${ours.seconds.toFixed(1)} s, repomix ${repomix.seconds.toFixed(1)} s.`,
);
if (missing > 0) log(`${missing} sampled file(s) were missing from an output and are left out.`);
