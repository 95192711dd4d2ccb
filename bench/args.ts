import { parseArgs } from 'node:util';
import { CORPUS_NAMES, DEFAULT_CORPORA } from './corpus-specs.js';
import type { CorpusName } from './corpus-specs.js';
import { TOOL_IDS } from './tools.js';
import type { ToolId } from './tools.js';

export const STEPS = ['corpora', 'pack', 'exact', 'tokenizer'] as const;
export type Step = (typeof STEPS)[number];

export interface BenchArgs {
  readonly help: boolean;
  readonly steps: readonly Step[];
  readonly corpora: readonly CorpusName[];
  readonly tools: readonly ToolId[];
  readonly runs: number;
  readonly warmup: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]
  --only STEPS      comma list of ${STEPS.join(', ')} (default: all; corpora are always built)
  --corpus NAMES    comma list of ${CORPUS_NAMES.join(', ')} (default: ${DEFAULT_CORPORA.join(', ')})
  --tools IDS       comma list of ${TOOL_IDS.join(', ')} (default: all)
  --runs N          timed runs per tool and corpus, median reported (default 3)
  --no-warmup       skip the untimed warm-up run
  --help`;

/** Flags of `bench/run.ts`; throws with a one-line message on anything unknown. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      only: { type: 'string' },
      corpus: { type: 'string' },
      tools: { type: 'string' },
      runs: { type: 'string' },
      'no-warmup': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  });
  const runs = values.runs === undefined ? 3 : Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer`);
  return {
    help: values.help === true,
    steps: pickList('--only', values.only, STEPS),
    corpora:
      values.corpus === undefined
        ? [...DEFAULT_CORPORA]
        : pickList('--corpus', values.corpus, CORPUS_NAMES),
    tools: pickList('--tools', values.tools, TOOL_IDS),
    runs,
    warmup: values['no-warmup'] !== true,
  };
}

function pickList<T extends string>(
  flag: string,
  raw: string | undefined,
  allowed: readonly T[],
): T[] {
  if (raw === undefined) return [...allowed];
  const picked = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const unknown = picked.filter((item) => !(allowed as readonly string[]).includes(item));
  if (unknown.length > 0 || picked.length === 0) {
    throw new Error(
      `${flag} takes a comma list of ${allowed.join(', ')}; got ${JSON.stringify(raw)}`,
    );
  }
  return allowed.filter((item) => picked.includes(item));
}
