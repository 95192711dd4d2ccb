// Scores another build of the redaction rules (an older commit's sources) on the planted corpus
// that run.ts last wrote, to compare recall and precision before and after a change:
//   mkdir -p bench/.out/baseline
//   git archive <commit> packages/engine/src | tar -x -C bench/.out/baseline
//   npx tsx bench/secrets/baseline.ts bench/.out/baseline/packages/engine/src/core/transform/secrets/index.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { OUT_DIR } from '../paths.js';
import type { Detection } from './detectors.js';
import type { PlantedSecret } from './generate-corpus.js';
import { scoreDetections } from './score.js';
import type { Span } from './score.js';

interface Redactor {
  redactSecrets(
    text: string,
    options?: { path?: string },
  ): { findings: readonly { start: number; end: number; type: string }[] };
}

async function main(): Promise<void> {
  const entry = process.argv[2];
  if (!entry) throw new Error('usage: baseline.ts <path to secrets/index.ts of another build>');
  const redactor = (await import(pathToFileURL(path.resolve(entry)).href)) as Redactor;
  const dir = path.join(OUT_DIR, 'secrets');
  const truthList = JSON.parse(
    await readFile(path.join(dir, 'truth.json'), 'utf8'),
  ) as PlantedSecret[];
  const truth = new Map<string, Span[]>();
  for (const secret of truthList)
    truth.set(secret.path, [...(truth.get(secret.path) ?? []), secret]);
  const detections = new Map<string, Detection[]>();
  for (const file of truth.keys()) {
    const content = await readFile(path.join(dir, 'corpus', file), 'utf8');
    detections.set(
      file,
      redactor.redactSecrets(content, { path: file }).findings.map(({ start, end, type }) => ({
        start,
        end,
        type,
      })),
    );
  }
  const score = scoreDetections(truth, detections);
  console.log(
    `${entry}: recall ${(score.recall * 100).toFixed(1)}% (${score.found}/${score.planted}), ` +
      `precision ${(score.precision * 100).toFixed(1)}% (${score.falsePositives} false positives) ` +
      'on the files holding planted secrets',
  );
  for (const [type, [found, planted]] of [...score.byType].sort()) {
    if (found < planted) console.log(`  missed ${type}: ${planted - found} of ${planted}`);
  }
}

await main();
