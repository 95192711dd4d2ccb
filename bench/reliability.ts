// Reliability of whole runs, as a person sees them: the built CLI run many times in a row on
// real code (every run must write the whole bundle and exit 0, with the same bytes), and comment
// removal through the CLI on many small one-line files (every comment must go), ours beside
// `repomix --remove-comments`. Run: `npx tsx bench/reliability.ts [--runs N] [--corpus small]`.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureCorpus } from './corpora.js';
import type { CorpusName } from './corpus-specs.js';
import { OUT_DIR, REPO_ROOT, REPOBUNDLE_BIN } from './paths.js';
import { formatTable } from './report.js';

const run = promisify(execFile);
const log = (line: string): void => console.log(line);
const argument = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
};
const RUNS = Number(argument('--runs', '50'));
const CORPUS = argument('--corpus', 'small') as CorpusName;
const REPOMIX_BIN = path.join(REPO_ROOT, 'node_modules', 'repomix', 'bin', 'repomix.cjs');
const EPOCH = { ...process.env, SOURCE_DATE_EPOCH: '1767225600' };

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(args: readonly string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [REPOBUNDLE_BIN, ...args], {
      env: EPOCH,
      maxBuffer: 1 << 30,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function digestOf(folder: string): Promise<string> {
  const hash = createHash('sha256');
  const names = [
    ...(await readdir(folder)).filter((name) => name !== 'chunks'),
    ...(await readdir(path.join(folder, 'chunks'))).map((name) => path.join('chunks', name)),
  ].sort();
  for (const name of names) hash.update(name).update(await readFile(path.join(folder, name)));
  return hash.digest('hex');
}

/** Runs the CLI RUNS times per mode on the corpus; counts runs that did not write everything. */
async function repeatRuns(): Promise<string[][]> {
  const corpus = await ensureCorpus(CORPUS, log);
  const rows: string[][] = [];
  const modes = [
    { name: 'folder -o', source: corpus.dir, args: ['--remove-comments'] },
    { name: 'ZIP -o', source: corpus.zip, args: ['--output-format', 'json'] },
    { name: 'stdout', source: corpus.dir, args: ['--token-limit', '2000000'] },
  ];
  for (const mode of modes) {
    let empty = 0;
    let failed = 0;
    const digests = new Set<string>();
    const started = Date.now();
    for (let i = 0; i < RUNS; i++) {
      const out = path.join(OUT_DIR, 'reliability', 'run');
      await rm(out, { recursive: true, force: true });
      const toStdout = mode.name === 'stdout';
      const result = await cli(
        toStdout
          ? ['pack', mode.source, ...mode.args]
          : ['pack', mode.source, '-o', out, '--json', ...mode.args],
      );
      if (result.code !== 0) failed++;
      else if (result.stdout.trim() === '') empty++;
      else
        digests.add(
          toStdout ? createHash('sha256').update(result.stdout).digest('hex') : await digestOf(out),
        );
    }
    rows.push([
      `${CORPUS} corpus, ${mode.name}`,
      String(RUNS),
      String(empty),
      String(failed),
      String(digests.size),
      ((Date.now() - started) / 1000 / RUNS).toFixed(2),
    ]);
  }
  return rows;
}

/** N one-line files `const aN = 1; // trailing N`: how many keep their comment. */
async function manySmallFiles(count: number): Promise<string[][]> {
  const folder = path.join(OUT_DIR, 'reliability', `one-liners-${count}`);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < count; i++) {
    await writeFile(path.join(folder, `f${i}.js`), `const a${i} = 1; // trailing ${i}\n`);
  }
  const ours = await cli(['pack', folder, '--remove-comments', '--token-limit', '2000000']);
  const repomixOut = path.join(OUT_DIR, 'reliability', `repomix-${count}.md`);
  await run(
    process.execPath,
    [REPOMIX_BIN, folder, '--remove-comments', '--style', 'markdown', '-o', repomixOut, '--quiet'],
    { env: { ...process.env, REPOMIX_TOKEN_CACHE: '0' } },
  );
  const repomix = await readFile(repomixOut, 'utf8');
  const kept = (text: string) => (text.match(/\/\/ trailing \d+/g) ?? []).length;
  return [
    [`${count} one-line .js files`, 'repobundle', String(kept(ours.stdout)), String(count)],
    [`${count} one-line .js files`, 'repomix 1.14.1', String(kept(repomix)), String(count)],
  ];
}

log(`repeat runs: ${RUNS} per mode on the ${CORPUS} corpus`);
log(
  formatTable(
    ['input', 'runs', 'exit 0, nothing written', 'non-zero exits', 'distinct outputs', 's per run'],
    await repeatRuns(),
  ),
);
log('');
log('comment removal through the CLI on many small files');
const rows: string[][] = [];
for (const count of [6, 20, 300]) rows.push(...(await manySmallFiles(count)));
log(formatTable(['input', 'tool', 'files keeping their comment', 'files'], rows));
