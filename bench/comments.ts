// Comment removal, ours vs `repomix --remove-comments`, on TypeScript and Python files of the
// bench corpora: tokens saved, and files whose result no longer parses as well as the original
// or whose string literals changed. Run: `npx tsx bench/comments.ts [--ts N]` (default 300 TS
// files spread over the medium corpus, plus every .py file of the Python package).
import { readFile } from 'node:fs/promises';
import { resolveOptions } from '../packages/engine/src/config/options.js';
import { grammarOf } from '../packages/engine/src/core/syntax/grammars.js';
import type { GrammarId } from '../packages/engine/src/core/syntax/grammars.js';
import { loadTokenCounter } from '../packages/engine/src/core/tokens/index.js';
import { removeCommentsTransform } from '../packages/engine/src/core/transform/remove-comments/remove-comments-transform.js';
import { getTreeSitterParser } from '../packages/engine/src/io/syntax/tree-sitter-parser.js';
import { PYTHON_PACKAGE, commentCorpus } from './comments-corpus.js';
import type { CommentFile } from './comments-corpus.js';
import {
  addToTally,
  emptyTally,
  judge,
  parseFacts,
  savedOnCommentsPercent,
  savedPercent,
} from './comments-measure.js';
import type { ParseFacts, ToolOutcome } from './comments-measure.js';
import { repomixKey, repomixOutputs } from './comments-repomix.js';
import { formatTable } from './report.js';

const tsArg = process.argv.indexOf('--ts');
const TS_SAMPLE = tsArg === -1 ? 300 : Number(process.argv[tsArg + 1]);

const log = (line: string): void => console.log(line);
const parser = getTreeSitterParser();
const counter = await loadTokenCounter('o200k_base');
const options = resolveOptions({ removeComments: true });

const files = await commentCorpus(TS_SAMPLE, log);
log(
  `sample: ${files.length} files (${TS_SAMPLE} TypeScript from the medium corpus, Python from ${PYTHON_PACKAGE})`,
);
log('running repomix 1.14.1 twice (plain and --remove-comments) ...');
const repomix = await repomixOutputs(files);

interface FileRecord {
  readonly language: string;
  readonly path: string;
  readonly ours: ToolOutcome;
  readonly repomix: ToolOutcome;
  readonly notes: number;
  readonly ms: number;
  readonly bytes: number;
}
const records: FileRecord[] = [];
let missing = 0;

async function ourRemoval(
  file: CommentFile,
  text: string,
): Promise<{ output: string; notes: string[]; ms: number }> {
  const notes: string[] = [];
  const started = performance.now();
  const output = await removeCommentsTransform.apply(text, {
    name: file.relative.slice(file.relative.lastIndexOf('/') + 1),
    language: file.language,
    options,
    note: (message) => notes.push(message),
    countRedaction: () => undefined,
    parser,
  });
  return { output, notes, ms: performance.now() - started };
}

function outcome(before: string, after: string, original: ParseFacts, result: ParseFacts) {
  const verdict = judge(original, result);
  return {
    before: counter.count(before),
    after: counter.count(after),
    verdict,
    codeTokensLost: counter.count(verdict.lostCode.join(' ')),
    commentTokensLeft: counter.count(verdict.commentsLeft.join('\n')),
  };
}

for (const file of files) {
  const text = await readFile(file.file, 'utf8');
  const repomixPlain = repomix.plain.get(repomixKey(file));
  const repomixStripped = repomix.stripped.get(repomixKey(file));
  if (repomixPlain === undefined || repomixStripped === undefined) {
    missing += 1;
    continue;
  }
  const grammar = grammarOf(file.language) as GrammarId;
  const ours = await ourRemoval(file, text);
  const original = await parseFacts(parser, grammar, text);
  const oursFacts = await parseFacts(parser, grammar, ours.output);
  const repomixFacts = await parseFacts(parser, grammar, repomixStripped);
  if (!original || !oursFacts || !repomixFacts) throw new Error(`no parse for ${file.relative}`);
  records.push({
    language: file.language,
    path: file.relative,
    ours: outcome(text, ours.output, original, oursFacts),
    repomix: outcome(repomixPlain, repomixStripped, original, repomixFacts),
    notes: ours.notes.length,
    ms: ours.ms,
    bytes: Buffer.byteLength(text),
  });
}

function tableOf(subset: readonly FileRecord[]): string {
  const rows: string[][] = [];
  for (const language of ['typescript', 'python']) {
    const ofLanguage = subset.filter((record) => record.language === language);
    for (const tool of ['ours', 'repomix'] as const) {
      const tally = emptyTally();
      for (const record of ofLanguage) {
        addToTally(tally, record[tool]);
      }
      rows.push([
        `${language} / ${tool === 'ours' ? 'repobundle' : 'repomix 1.14.1'}`,
        String(tally.files),
        String(tally.before),
        String(tally.after),
        savedPercent(tally),
        savedOnCommentsPercent(tally),
        String(tally.commentTokensLeft),
        String(tally.regressions),
        String(tally.literalsChanged),
        String(tally.codeChanged),
        String(tally.codeTokensLost),
      ]);
    }
  }
  return formatTable(
    [
      'language / tool',
      'files',
      'tokens before',
      'tokens after',
      'saved',
      'saved, lost code aside',
      'comment tokens left',
      'syntax regressions',
      'literals changed',
      'code changed',
      'code tokens lost',
    ],
    rows,
  );
}

const damages = (outcome: ToolOutcome): boolean =>
  outcome.verdict.regressed || outcome.verdict.literalsChanged || outcome.verdict.codeChanged;
const intact = records.filter((record) => !damages(record.repomix));
log('');
log('All sampled files:');
log(tableOf(records));
log('');
log(
  `Only the ${intact.length} files repomix left intact (no new syntax error, literals and code unchanged):`,
);
log(tableOf(intact));
log('');
log(
  'tokens: o200k_base; "before" is each tool\'s own output without comment removal (repomix trims files).',
);
log('syntax regressions: files whose result has more tree-sitter errors than the original.');
log(
  'literals changed: files where a string, regex or heredoc differs (Python docstrings excluded).',
);
log(
  'comment tokens left: comments and Python docstrings still in the output (shebangs, encoding cookies and directives are kept on purpose).',
);
log(
  "code changed: files whose syntax-tree leaves outside comments and docstrings differ from the original's " +
    "(Python `pass` aside); code tokens lost: the original's leaves missing from the output, tokenized joined by spaces.",
);
log(
  'saved, lost code aside: tokens saved minus code tokens lost, the saving due to comments alone.',
);
for (const language of ['typescript', 'python']) {
  const ofLanguage = records.filter((record) => record.language === language);
  const bytes = ofLanguage.reduce((sum, record) => sum + record.bytes, 0);
  const ms = ofLanguage.reduce((sum, record) => sum + record.ms, 0);
  const notes = ofLanguage.reduce((sum, record) => sum + record.notes, 0);
  log(
    `${language}: ours kept comments in ${notes} file(s) (safety net); ` +
      `removal (parse, remove, re-parse) ran at ${(bytes / 1e6 / (ms / 1000)).toFixed(2)} MB/s.`,
  );
  for (const tool of ['ours', 'repomix'] as const) {
    const damaged = ofLanguage.filter((record) => damages(record[tool]));
    if (damaged.length > 0) {
      log(
        `  ${tool === 'ours' ? 'repobundle' : 'repomix'} damaged e.g.: ${damaged
          .slice(0, 4)
          .map((record) => record.path)
          .join(', ')}`,
      );
    }
  }
}
if (missing > 0) log(`${missing} sampled file(s) were not in repomix's output and are left out.`);
