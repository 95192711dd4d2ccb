import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BpeTokenCounter } from '../../packages/engine/src/core/tokens/bpe-token-counter.js';
import { loadRankTable } from '../../packages/engine/src/core/tokens/rank-table.js';
import { readZip } from '../../e2e/lib/zip-file.js';
import { repoRoot } from '../../e2e/lib/build-web.js';
import { buildCorpus } from './corpus.js';

// The browser's counting work without the browser: every file of the web-estimate archive,
// already inflated, counted by `countUtf8` on one thread, the JavaScript counter and the one
// with the WebAssembly ASCII counter alternating in one process (so both see the same machine).

const USAGE = `npx tsx bench/web-estimate/count-in-node.ts [--mb 50] [--rounds 4]`;

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '4' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const dir = join(repoRoot, 'bench', '.corpora');
mkdirSync(dir, { recursive: true });
const targetMb = Number(values.mb);
const corpus = buildCorpus(
  join(repoRoot, 'node_modules'),
  join(dir, `web-estimate-${targetMb}mb.zip`),
  targetMb,
);
const files = [...readZip(readFileSync(corpus.file)).values()];
const bytes = files.reduce((sum, file) => sum + file.length, 0);
console.log(`${files.length} files, ${(bytes / 1e6).toFixed(1)} MB of text`);

await loadRankTable('o200k_base');
const counters = {
  JavaScript: new BpeTokenCounter('o200k_base', { webAssembly: false }),
  WebAssembly: new BpeTokenCounter('o200k_base'),
};
const times: Record<string, number[]> = { JavaScript: [], WebAssembly: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  for (const [name, counter] of Object.entries(counters)) {
    const started = performance.now();
    let tokens = 0;
    for (const file of files) tokens += counter.countUtf8(file);
    const ms = performance.now() - started;
    times[name]!.push(ms);
    console.log(`round ${round + 1}, ${name}: ${Math.round(ms)} ms, ${tokens} tokens`);
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
const js = median(times.JavaScript!);
const wasm = median(times.WebAssembly!);
console.log(
  `medians: JavaScript ${Math.round(js)} ms, WebAssembly ${Math.round(wasm)} ms (${(js / wasm).toFixed(2)} times as fast)`,
);
