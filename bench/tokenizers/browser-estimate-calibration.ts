// How far each model's count strays from o200k_base's on real code, for the web app's upload page:
// its counting workers carry o200k_base only, so for a model with another tokenizer it shows
// o200k_base's count times a ratio, marked as an estimate with its band. For each tokenizer, the
// ratio is the middle of the packages' own ratios (so the farthest package is as far above it as
// below), and the band is that distance plus 2 points for bundles unlike these packages, rounded
// up to a whole percent.
// Run: npx tsx bench/tokenizers/browser-estimate-calibration.ts [package ...]
import path from 'node:path';
import { TOKENIZERS as ALL_TOKENIZERS } from '@repobundle/contract/models';
import '../../packages/engine/src/io/tekken-vocabulary.js';
import { loadTokenCounter } from '../../packages/engine/src/core/tokens/index.js';
import { listCandidates, readText } from '../eligible-files.js';

/** Published code of several kinds and languages, as installed in this repository. */
const DEFAULT_PACKAGES = ['lodash', 'zod', 'fastify', 'kysely', 'react-dom', 'typescript'];
/** Every tokenizer but o200k_base, the one the estimates are made from. */
const TOKENIZERS = ALL_TOKENIZERS.filter((name) => name !== 'o200k_base');
/** Bytes read from each package: enough for a stable ratio, little enough to run in minutes. */
const BYTES_PER_PACKAGE = 3_000_000;
const MARGIN = 0.02;

async function packageTexts(name: string): Promise<string[]> {
  const dir = path.join('node_modules', name);
  const texts: string[] = [];
  let bytes = 0;
  for (const file of await listCandidates(dir)) {
    const text = await readText(dir, file);
    if (text === undefined) continue;
    texts.push(text);
    bytes += Buffer.byteLength(text);
    if (bytes >= BYTES_PER_PACKAGE) break;
  }
  return texts;
}

async function main() {
  const packages = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PACKAGES;
  const texts = new Map<string, string[]>();
  for (const name of packages) texts.set(name, await packageTexts(name));
  const o200k = await loadTokenCounter('o200k_base');
  const base = new Map(
    [...texts].map(([name, list]) => [name, list.reduce((n, t) => n + o200k.count(t), 0)]),
  );
  console.log(`| tokenizer | ${packages.join(' | ')} | ratio | band |`);
  console.log(`| --- | ${packages.map(() => '---:').join(' | ')} | ---: | ---: |`);
  for (const tokenizer of TOKENIZERS) {
    const counter = await loadTokenCounter(tokenizer);
    const ratios = [...texts].map(
      ([name, list]) => list.reduce((n, t) => n + counter.count(t), 0) / base.get(name)!,
    );
    const low = Math.min(...ratios);
    const high = Math.max(...ratios);
    const ratio = Math.round(((low + high) / 2) * 1000) / 1000;
    const band = Math.ceil((Math.max(ratio - low, high - ratio) / ratio + MARGIN) * 100) / 100;
    console.log(
      `| ${tokenizer} | ${ratios.map((r) => r.toFixed(3)).join(' | ')} | ${ratio} | ${band} |`,
    );
  }
  const files = [...texts.values()].reduce((n, list) => n + list.length, 0);
  console.log(
    `\n${files} files, o200k_base tokens per package: ${JSON.stringify(Object.fromEntries(base))}`,
  );
}

await main();
