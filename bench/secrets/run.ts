// Secret redaction bench: recall, precision and MB/s of our rules and of secretlint's
// recommended preset, in this process, on the same planted corpus and the same clean code.
//   npx tsx bench/secrets/run.ts [--runs N] [--clean small,medium] [--seed N] [--per-type N]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCorpus } from '../corpora.js';
import { CORPUS_NAMES } from '../corpus-specs.js';
import type { CorpusName } from '../corpus-specs.js';
import { listCandidates, readText } from '../eligible-files.js';
import { OUT_DIR } from '../paths.js';
import { repobundleDetector, secretlintDetector } from './detectors.js';
import type { Detection, Detector } from './detectors.js';
import { generateSecretsCorpus } from './generate-corpus.js';
import type { CorpusFile } from './generate-corpus.js';
import { scoreDetections } from './score.js';
import type { Score, Span } from './score.js';
import type { Measured } from './report.js';
import {
  formatCleanTable,
  formatScoreTable,
  formatSharedRecall,
  formatTypeGaps,
} from './report.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    clean: { type: 'string', default: 'small' },
    seed: { type: 'string', default: '20261122' },
    'per-type': { type: 'string', default: '3' },
  },
});
const runs = Math.max(1, Number(values.runs));
const cleanNames = (values.clean ?? '').split(',').filter(Boolean) as CorpusName[];
for (const name of cleanNames) {
  if (!(CORPUS_NAMES as readonly string[]).includes(name))
    throw new Error(`unknown corpus ${name}`);
}
const DETECTORS: readonly Detector[] = [repobundleDetector, secretlintDetector];
const OUT = path.join(OUT_DIR, 'secrets');

export interface Timed {
  /** Medians over the timed passes: wall-clock and CPU (user + system) seconds. */
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly detections: Map<string, Detection[]>;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** One untimed warm-up pass, then `runs` timed passes; median times, the last detections. */
async function timePasses(detector: Detector, files: readonly CorpusFile[]): Promise<Timed> {
  const pass = async (): Promise<Map<string, Detection[]>> => {
    const found = new Map<string, Detection[]>();
    for (const file of files) found.set(file.path, await detector.detect(file.path, file.content));
    return found;
  };
  await detector.reset?.();
  let detections = await pass();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    await detector.reset?.();
    const started = performance.now();
    const cpu = process.cpuUsage();
    detections = await pass();
    const used = process.cpuUsage(cpu);
    walls.push((performance.now() - started) / 1000);
    cpus.push((used.user + used.system) / 1e6);
  }
  await detector.reset?.();
  return { seconds: median(walls), cpuSeconds: median(cpus), detections };
}

function megabytes(files: readonly CorpusFile[]): number {
  return files.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0) / 1e6;
}

async function loadCleanCode(name: CorpusName): Promise<CorpusFile[]> {
  const corpus = await ensureCorpus(name, (line) => console.error(line));
  const files: CorpusFile[] = [];
  for (const relative of await listCandidates(corpus.dir)) {
    const content = await readText(corpus.dir, relative);
    if (content !== undefined) files.push({ path: `${name}/${relative}`, content });
  }
  return files;
}

async function main(): Promise<void> {
  const corpus = generateSecretsCorpus(Number(values.seed), Number(values['per-type']));
  await mkdir(OUT, { recursive: true });
  for (const file of corpus.files) {
    await mkdir(path.join(OUT, 'corpus', path.dirname(file.path)), { recursive: true });
    await writeFile(path.join(OUT, 'corpus', file.path), file.content);
  }
  await writeFile(path.join(OUT, 'truth.json'), `${JSON.stringify(corpus.truth, null, 1)}\n`);
  const truth = new Map<string, Span[]>();
  for (const secret of corpus.truth)
    truth.set(secret.path, [...(truth.get(secret.path) ?? []), secret]);
  const types = new Set(corpus.truth.map((secret) => secret.type)).size;
  console.log(
    `planted corpus: ${corpus.files.length} files, ${megabytes(corpus.files).toFixed(2)} MB, ` +
      `${corpus.truth.length} secrets of ${types} types, ${corpus.negatives} tricky negatives (bench/.out/secrets/corpus)`,
  );

  const planted: (Measured & { score: Score })[] = [];
  for (const detector of DETECTORS) {
    const timed = await timePasses(detector, corpus.files);
    planted.push({
      detector,
      score: scoreDetections(truth, timed.detections),
      seconds: timed.seconds,
      cpuSeconds: timed.cpuSeconds,
    });
  }
  console.log(`\n${formatScoreTable(planted, megabytes(corpus.files))}`);
  console.log(`\n${formatSharedRecall(planted)}`);
  console.log(`\n${formatTypeGaps(planted)}`);

  const clean: {
    corpus: string;
    megabytes: number;
    files: number;
    rows: (Measured & { findings: { path: string; detection: Detection }[] })[];
  }[] = [];
  for (const name of cleanNames) {
    const files = await loadCleanCode(name);
    const rows = [];
    for (const detector of DETECTORS) {
      const timed = await timePasses(detector, files);
      const findings = [...timed.detections].flatMap(([file, list]) =>
        list.map((detection) => ({ path: file, detection })),
      );
      rows.push({ detector, seconds: timed.seconds, cpuSeconds: timed.cpuSeconds, findings });
    }
    clean.push({ corpus: name, megabytes: megabytes(files), files: files.length, rows });
  }
  if (clean.length > 0) console.log(`\n${formatCleanTable(clean)}`);

  const results = {
    generatedAt: new Date().toISOString(),
    runs,
    planted: planted.map(({ detector, score, seconds, cpuSeconds }) => ({
      detector: detector.name,
      recall: score.recall,
      precision: score.precision,
      found: score.found,
      planted: score.planted,
      falsePositives: score.falsePositiveSamples.map(({ path: file, detection }) => ({
        file,
        ...detection,
      })),
      seconds,
      cpuSeconds,
    })),
    clean: clean.map((entry) => ({
      corpus: entry.corpus,
      megabytes: entry.megabytes,
      rows: entry.rows.map((row) => ({
        detector: row.detector.name,
        seconds: row.seconds,
        cpuSeconds: row.cpuSeconds,
        findings: row.findings.length,
      })),
    })),
  };
  await writeFile(
    path.join(OUT, `results-${Date.now()}.json`),
    `${JSON.stringify(results, null, 2)}\n`,
  );
}

await main();
