import { parseArgs } from 'node:util';
import type { BundleOptions } from '../config/options.js';
import { CHUNKING_STRATEGIES, ENCODINGS, OUTPUT_FORMATS, TOKEN_LIMITS } from '../config/options.js';
import type { GitFlags } from './git-flags.js';
import { GIT_FLAGS, expandOptionalGitValues, parseGitFlags } from './git-flags.js';

/** A bad flag or value: exit code 2, one sentence saying what to type instead. */
export class UsageError extends Error {}

export interface PackCommand {
  readonly kind: 'pack';
  readonly source: string;
  /** Output folder; undefined or "-" writes the single chunk to stdout. */
  readonly outDir: string | undefined;
  readonly templateFile: string | undefined;
  readonly json: boolean;
  /** Worker threads for the file stage; undefined: the cores (or none for a tiny input). */
  readonly workers: number | undefined;
  readonly options: BundleOptions;
  /** A remote repository's branch, tag or commit (--ref). */
  readonly ref: GitFlags['ref'];
  /** Git context asked for: --include-diffs, --include-logs [N], --sort-by-changes. */
  readonly git: GitFlags['git'];
}

export type Command = PackCommand | { readonly kind: 'help' } | { readonly kind: 'version' };

export const USAGE = `Usage: repobundle pack <dir|zip> -o <out-dir> [options]

Writes overview.<ext> and chunks/chunk-0001.<ext>... into <out-dir>.
Without -o (or with -o -), a bundle of one chunk is written to stdout.

Options (named as the job fields):
  --output-format md|txt|json|xml|csv|yaml|custom   output format (default md)
  --template FILE                                   Handlebars template for --output-format custom
  --chunking-strategy fixed|file_based|semantic|auto (default fixed)
  --token-limit N            32000, 64000, 128000 (default), 256000, 512000, 1000000, 2000000
  --chunk-overlap N          tokens shared by consecutive fixed chunks (default 0)
  --remove-comments          remove comments
  --remove-blank-lines       remove blank lines
  --show-line-numbers        prefix lines with their numbers
  --redact-secrets           replace credentials with [REDACTED:type]
  --secret-pattern REGEX     also redact matches of REGEX as [REDACTED:custom] (repeatable)
  --no-gitignore             do not apply .gitignore files
  --include GLOB             only files matching (gitignore syntax; repeatable)
  --exclude GLOB             leave out files matching (gitignore syntax; repeatable)
  --notebook-processing      turn .ipynb notebooks into source
  --encoding o200k_base|cl100k_base  tokenizer (default o200k_base)
  --workers N                worker threads (default: one per core; 0 runs on the main thread)
  --json                     print a machine-readable summary on stdout
  -h, --help                 show this help
  -v, --version              show the version

Remote repositories: repobundle pack <git-url|owner/repo> [--ref REF] -o <out-dir>
(cloned shallow into a temporary folder, removed afterwards)
  <git-url|owner/repo>       https://host/owner/repo(.git), https://github.com/owner/repo/tree/REF,
                             git@host:owner/repo.git, git://host/owner/repo, or owner/repo (GitHub);
                             a local path of the same name wins
  --ref BRANCH|TAG|COMMIT    what to pack (default: the remote's default branch)
                             e.g. repobundle pack vercel/ms --ref main -o out
  GIT_TOKEN or GITHUB_TOKEN  token for private repositories, sent as an HTTP header
  REPOBUNDLE_CLONE_TIMEOUT   seconds allowed to each git command of the clone (default 300)

Git context (when the input is a git work tree; otherwise a note says why it is missing):
  --include-diffs            staged and working-tree changes in the overview
                             e.g. repobundle pack . --include-diffs -o out
  --include-logs [N]         the last N commits (default 50), messages and files changed
                             e.g. repobundle pack . --include-logs 20 -o out
  --sort-by-changes          files most often changed in history last
                             e.g. repobundle pack . --sort-by-changes -o out

Exit codes: 0 the bundle was written; 1 the input or the run failed; 2 a bad flag or value.
SOURCE_DATE_EPOCH (seconds) fixes the overview's generation time, for reproducible output.`;

const PACK_FLAGS = {
  output: { type: 'string', short: 'o' },
  'output-format': { type: 'string' },
  template: { type: 'string' },
  'chunking-strategy': { type: 'string' },
  'token-limit': { type: 'string' },
  'chunk-overlap': { type: 'string' },
  'remove-comments': { type: 'boolean' },
  'remove-blank-lines': { type: 'boolean' },
  'show-line-numbers': { type: 'boolean' },
  'redact-secrets': { type: 'boolean' },
  'secret-pattern': { type: 'string', multiple: true },
  'no-gitignore': { type: 'boolean' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  'notebook-processing': { type: 'boolean' },
  encoding: { type: 'string' },
  workers: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  ...GIT_FLAGS,
} as const;

function parseInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${flag} must be a whole number, got "${value}".`);
  return Number(value);
}

/** The value of a flag that takes one of a few words, checked here so the message names the flag. */
function parseChoice<T extends string>(
  flag: string,
  value: string | undefined,
  choices: readonly T[],
  aliases: Readonly<Record<string, T>> = {},
): T | undefined {
  if (value === undefined) return undefined;
  const chosen = aliases[value] ?? value;
  if ((choices as readonly string[]).includes(chosen)) return chosen as T;
  throw new UsageError(`--${flag} must be one of ${choices.join(', ')}; got "${value}".`);
}

function parseTokenLimit(value: string | undefined): number | undefined {
  const limit = parseInteger('token-limit', value);
  if (limit === undefined || (TOKEN_LIMITS as readonly number[]).includes(limit)) return limit;
  throw new UsageError(`--token-limit must be one of ${TOKEN_LIMITS.join(', ')}; got ${limit}.`);
}

/** Fields whose flag is not simply the field in kebab-case. */
const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  customSecretPatterns: 'secret-pattern',
  includePatterns: 'include',
  excludePatterns: 'exclude',
  respectGitignore: 'no-gitignore',
};

/** The flag that sets a job field, for messages: `chunkOverlap` -> `--chunk-overlap`. */
export function flagOfField(field: string): string {
  const flag = FLAG_OF_FIELD[field] ?? field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `--${flag}`;
}

/** parseArgs' own messages, said in the product's voice with the way out. */
function describeParseError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag) {
    return `Unknown option ${flag}. Run repobundle --help for the options.`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && flag) {
    return /argument missing/.test(message)
      ? `${flag} needs a value. Run repobundle --help for the options.`
      : `${flag} takes no value. Run repobundle --help for the options.`;
  }
  return `${message} Run repobundle --help for the options.`;
}

/** Turns argv into a command; every value is checked here, so a bad one is a usage error. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: expandOptionalGitValues(argv),
      options: PACK_FLAGS,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
  const { values, positionals } = parsed;
  if (values.version) return { kind: 'version' };
  if (values.help || positionals.length === 0) return { kind: 'help' };
  const [command, source, ...extra] = positionals;
  if (command !== 'pack')
    throw new UsageError(
      `Unknown command "${command}". Try: repobundle pack <dir|zip> -o <out-dir>`,
    );
  if (!source)
    throw new UsageError(
      'Missing the folder or .zip to pack: repobundle pack <dir|zip> -o <out-dir>',
    );
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const toStdout = values.output === undefined || values.output === '-';
  if (toStdout && values.json) {
    throw new UsageError(
      '--json prints the summary on stdout; give an output folder with -o <out-dir>.',
    );
  }

  const options: BundleOptions = {
    outputFormat: parseChoice('output-format', values['output-format'], OUTPUT_FORMATS, {
      text: 'txt',
    }),
    chunkingStrategy: parseChoice(
      'chunking-strategy',
      values['chunking-strategy'],
      CHUNKING_STRATEGIES,
    ),
    encoding: parseChoice('encoding', values.encoding, ENCODINGS),
    tokenLimit: parseTokenLimit(values['token-limit']),
    chunkOverlap: parseInteger('chunk-overlap', values['chunk-overlap']),
    removeComments: values['remove-comments'] ?? false,
    removeBlankLines: values['remove-blank-lines'] ?? false,
    showLineNumbers: values['show-line-numbers'] ?? false,
    redactSecrets: values['redact-secrets'] ?? false,
    customSecretPatterns: values['secret-pattern'],
    respectGitignore: !(values['no-gitignore'] ?? false),
    includePatterns: values.include ?? [],
    excludePatterns: values.exclude ?? [],
    notebookProcessing: values['notebook-processing'] ?? false,
  };
  for (const key of Object.keys(options) as (keyof BundleOptions)[]) {
    if (options[key] === undefined) delete options[key];
  }
  const gitFlags = parseGitFlags(values, (message) => new UsageError(message));
  return {
    kind: 'pack',
    source,
    ...gitFlags,
    outDir: values.output,
    templateFile: values.template,
    json: values.json ?? false,
    workers: parseInteger('workers', values.workers),
    options,
  };
}
