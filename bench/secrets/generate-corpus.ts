// The secrets bench corpus: synthetic credentials of every rule type planted in realistic
// files of eight languages, with tricky negatives and plain code around them. Deterministic for
// a seed; the ground truth records where each secret's characters are.
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  secretOf,
  valueOf,
} from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import type { CredentialSample } from '../../packages/engine/src/core/transform/secrets/test-support/credential-samples.js';
import { FILLER } from './filler.js';
import { EXTENSIONS, LANGUAGES, writePair } from './languages.js';
import type { Language, Written } from './languages.js';
import { INDIRECTION_LINES, negativePairs } from './negatives.js';
import { assembleFile } from './assemble-file.js';
import { credentialFiles } from './credential-files.js';
import type { Entry } from './assemble-file.js';

export interface CorpusFile {
  readonly path: string;
  readonly content: string;
}

export interface PlantedSecret {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  readonly type: string;
}

export interface SecretsCorpus {
  readonly files: readonly CorpusFile[];
  readonly truth: readonly PlantedSecret[];
  readonly negatives: number;
}

interface Planted {
  readonly type: string;
  readonly sample: CredentialSample;
}

/** Names some formats only ever have, and the one language they live in. */
const FIXED_HOMES: Record<string, Language> = {
  private_key: 'json',
  auth: 'json',
  'client-key-data': 'yaml',
};

function homeOf(sample: CredentialSample): Language | undefined {
  return FIXED_HOMES[sample.name];
}

function shuffle<T>(random: RandomText, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function secretEntry(language: Language, planted: Planted): Entry {
  const { sample } = planted;
  const fixed = homeOf(sample) !== undefined;
  const name = sample.standalone ? 'DEPLOY_PRIVATE_KEY' : sample.name;
  const written: Written = writePair(language, name, valueOf(sample), fixed);
  const encodedValue = written.encode(valueOf(sample));
  const offsetInValue = written.encode(sample.before ?? '').length;
  const at = written.text.indexOf(encodedValue);
  if (at < 0) throw new Error(`value of ${planted.type} not found in its ${language} text`);
  return {
    written,
    secret: {
      type: planted.type,
      start: at + offsetInValue,
      length: written.encode(secretOf(sample)).length,
    },
  };
}

function npmrcFile(path: string, planted: Planted): { file: CorpusFile; truth: PlantedSecret } {
  const value = valueOf(planted.sample);
  const content = `registry=https://registry.npmjs.org/\n${value}\nsave-exact=true\n`;
  const start = content.indexOf(value) + (planted.sample.before ?? '').length;
  return {
    file: { path, content },
    truth: { path, start, end: start + secretOf(planted.sample).length, type: planted.type },
  };
}

export function generateSecretsCorpus(seed = 20261122, perType = 3): SecretsCorpus {
  const random = new RandomText(createRng(seed));
  const planted: Planted[] = [];
  for (const type of Object.keys(CREDENTIAL_SAMPLES).sort()) {
    const make = CREDENTIAL_SAMPLES[type];
    for (let k = 0; make && k < perType; k++) planted.push({ type, sample: make(random) });
  }
  shuffle(random, planted);

  const files: CorpusFile[] = [];
  const truth: PlantedSecret[] = [];
  let negatives = 0;
  const queues = new Map<Language, Planted[]>(LANGUAGES.map((language) => [language, []]));
  let round = 0;
  for (const item of planted) {
    if (item.sample.name === 'npmrc') {
      const result = npmrcFile(`projects/p${files.length}/.npmrc`, item);
      files.push(result.file);
      truth.push(result.truth);
      continue;
    }
    const language = homeOf(item.sample) ?? (LANGUAGES[round++ % LANGUAGES.length] as Language);
    queues.get(language)?.push(item);
  }

  let fileNumber = 0;
  const emit = (language: Language, entries: Entry[], label: string): void => {
    const path = `projects/${label}-${String(fileNumber++).padStart(3, '0')}/config.${EXTENSIONS[language]}`;
    const assembled = assembleFile(language, entries);
    files.push({ path, content: assembled.content });
    for (const secret of assembled.secrets) truth.push({ path, ...secret });
  };

  for (const language of LANGUAGES) {
    const queue = queues.get(language) ?? [];
    while (queue.length > 0) {
      const entries: Entry[] = queue
        .splice(0, random.int(4, 8))
        .map((item) => secretEntry(language, item));
      const pairs = shuffle(random, negativePairs(random)).slice(0, random.int(3, 6));
      negatives += pairs.length + 1;
      entries.push(
        ...pairs.map((pair) => ({ written: writePair(language, pair.name, pair.value) })),
      );
      entries.push({ raw: random.pick(INDIRECTION_LINES[language]) });
      entries.push(...FILLER[language].map((code) => ({ filler: code })));
      emit(language, shuffle(random, entries), 'planted');
    }
    for (let k = 0; k < 4; k++) {
      const pairs = negativePairs(random);
      negatives += pairs.length;
      const entries: Entry[] = pairs.map((pair) => ({
        written: writePair(language, pair.name, pair.value),
      }));
      emit(
        language,
        [...shuffle(random, entries), ...FILLER[language].map((code) => ({ filler: code }))],
        'negatives',
      );
    }
  }
  const own = credentialFiles(random, perType);
  files.push(...own.files);
  truth.push(...own.truth);
  negatives += own.negatives;
  return { files, truth, negatives };
}
