// Per-file comparison of our comment removal with `repomix --remove-comments` on the Python
// files of the comment bench: writes the original, our output and repomix's output side by side
// under bench/.out/comments-diff/ (diff them with `diff -r`), and prints, per file, the tokens
// each tool saved. Run: `npx tsx bench/comments-diff.ts`.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveOptions } from '../packages/engine/src/config/options.js';
import { loadTokenCounter } from '../packages/engine/src/core/tokens/index.js';
import { removeCommentsTransform } from '../packages/engine/src/core/transform/remove-comments/remove-comments-transform.js';
import { getTreeSitterParser } from '../packages/engine/src/io/syntax/tree-sitter-parser.js';
import { commentCorpus } from './comments-corpus.js';
import { judge, parseFacts } from './comments-measure.js';
import { repomixKey, repomixOutputs } from './comments-repomix.js';
import { OUT_DIR } from './paths.js';
import { formatTable } from './report.js';

const log = (line: string): void => console.log(line);
const parser = getTreeSitterParser();
const counter = await loadTokenCounter('o200k_base');
const options = resolveOptions({ removeComments: true });
const files = (await commentCorpus(0, log)).filter((file) => file.language === 'python');
const repomix = await repomixOutputs(files);
const root = path.join(OUT_DIR, 'comments-diff');
await rm(root, { recursive: true, force: true });

async function write(kind: string, relative: string, text: string): Promise<void> {
  const target = path.join(root, kind, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, text);
}

const rows: string[][] = [];
const totals = { before: 0, ours: 0, repomixBefore: 0, repomix: 0 };
const intact = { before: 0, ours: 0, repomixBefore: 0, repomix: 0 };
for (const file of files) {
  const text = await readFile(file.file, 'utf8');
  const plain = repomix.plain.get(repomixKey(file)) ?? '';
  const stripped = repomix.stripped.get(repomixKey(file)) ?? '';
  const output = await removeCommentsTransform.apply(text, {
    name: file.relative.slice(file.relative.lastIndexOf('/') + 1),
    language: 'python',
    options,
    note: (message) => log(`${file.relative}: ${message}`),
    countRedaction: () => undefined,
    parser,
  });
  await write('original', file.relative, text);
  await write('ours', file.relative, output);
  // repomix trims each file; a final newline keeps `diff` quiet about it.
  await write('repomix', file.relative, `${stripped}\n`);
  const original = await parseFacts(parser, 'python', text);
  const theirs = await parseFacts(parser, 'python', stripped);
  const verdict = original && theirs ? judge(original, theirs) : undefined;
  const damaged = !verdict || verdict.regressed || verdict.literalsChanged || verdict.codeChanged;
  const ours = await parseFacts(parser, 'python', output);
  const ourVerdict = original && ours ? judge(original, ours) : undefined;
  if (!ourVerdict || ourVerdict.regressed || ourVerdict.literalsChanged || ourVerdict.codeChanged) {
    log(`${file.relative}: our output changed more than comments and docstrings`);
  }
  const counts = {
    before: counter.count(text),
    ours: counter.count(output),
    repomixBefore: counter.count(plain),
    repomix: counter.count(stripped),
  };
  for (const key of Object.keys(totals) as (keyof typeof totals)[]) {
    totals[key] += counts[key];
    if (!damaged) intact[key] += counts[key];
  }
  const oursSaved = counts.before - counts.ours;
  const repomixSaved = counts.repomixBefore - counts.repomix;
  rows.push([
    file.relative,
    String(counts.before),
    String(oursSaved),
    String(repomixSaved),
    String(oursSaved - repomixSaved),
    verdict ? String(counter.count(verdict.lostCode.join(' '))) : '?',
    damaged ? 'damaged' : '',
  ]);
}
rows.sort((a, b) => Number(a[4]) - Number(b[4]));
const percent = (before: number, after: number): string =>
  `${((1 - after / before) * 100).toFixed(1)}%`;
log(
  formatTable(
    [
      'file',
      'tokens',
      'ours saved',
      'repomix saved',
      'difference',
      'repomix code tokens lost',
      'repomix result',
    ],
    rows,
  ),
);
log(
  `all: ours ${percent(totals.before, totals.ours)}, repomix ${percent(totals.repomixBefore, totals.repomix)}; ` +
    `files repomix left intact: ours ${percent(intact.before, intact.ours)}, ` +
    `repomix ${percent(intact.repomixBefore, intact.repomix)}`,
);
log(`outputs: ${root}/{original,ours,repomix}`);
