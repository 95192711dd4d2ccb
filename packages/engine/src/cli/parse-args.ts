import { parseArgs } from 'node:util';
import { findModel, MODEL_IDS } from '@repobundle/contract/models';
import type { BundleOptions } from '../config/options.js';
import { CHUNKING_STRATEGIES, ENCODINGS, OUTPUT_FORMATS, TOKEN_LIMITS } from '../config/options.js';
import type { GitFlags } from './git-flags.js';
import { DEFAULT_LOG_COMMITS, GIT_FLAGS, parseGitFlags } from './git-flags.js';

/** A bad flag or value: exit code 2, one sentence saying what to type instead. */
export class UsageError extends Error {}

export interface PackCommand {
  readonly kind: 'pack';
  readonly source: string;
  /** -o: a folder, or with --single-file a file; undefined when not given. */
  readonly outDir: string | undefined;
  /** --stdout or -o -: every chunk in order on stdout. */
  readonly toStdout: boolean;
  readonly templateFile: string | undefined;
  /** --instruction-file: its text goes to the top of the overview and of every chunk. */
  readonly instructionFile: string | undefined;
  readonly json: boolean;
  /** Worker threads for the file stage; undefined: the cores (or none for a tiny input). */
  readonly workers: number | undefined;
  /** --config FILE; otherwise repobundle.config.json in the input folder, when present. */
  readonly configFile: string | undefined;
  /** --stdin: the files to pack, one path per line (NUL-separated with -z). */
  readonly stdin: false | 'lines' | 'nul';
  readonly copy: boolean;
  readonly singleFile: boolean;
  /** Folder depth of the token tree printed after packing; undefined: no tree. */
  readonly tokenTree: number | undefined;
  /** How many of the largest files to print after packing; undefined: the default. */
  readonly topFiles: number | undefined;
  readonly watch: boolean;
  /** --no-cache: process every file again instead of reusing earlier results. */
  readonly noCache: boolean;
  /** Only the options given as flags: they win over the config file, which wins over defaults. */
  readonly options: BundleOptions;
  /** A remote repository's branch, tag or commit (--ref). */
  readonly ref: GitFlags['ref'];
  /** Git context asked for: --include-diffs, --include-logs [N], --sort-by-changes. */
  readonly git: GitFlags['git'];
}

export interface InitCommand {
  readonly kind: 'init';
  /** Where to write the starter config (default ./repobundle.config.json). */
  readonly file: string;
  readonly force: boolean;
}

/** `repobundle models`: the models --model accepts, as a table or (--json) as JSON. */
export interface ModelsCommand {
  readonly kind: 'models';
  readonly json: boolean;
}

export type Command =
  | PackCommand
  | InitCommand
  | { readonly kind: 'mcp' }
  | ModelsCommand
  | { readonly kind: 'help' }
  | { readonly kind: 'version' };

export const USAGE = `Usage: repobundle pack <dir|zip> [-o <out-dir>] [options]
       repobundle init [--force]
       repobundle mcp             an MCP server on stdio: pack_codebase, read_bundle,
                                  grep_bundle, list_bundle_files (see the README)
       repobundle models [--json] the models --model accepts: tokenizer, context window

Writes overview.<ext> and chunks/chunk-0001.<ext>... into <out-dir>.
Without -o, a bundle of one chunk is written to stdout (--stdout: any bundle).
Options come from flags, then repobundle.config.json in the input folder (or --config FILE),
then the defaults; \`repobundle init\` writes a starter config.

Options (named as the job fields):
  --output-format md|txt|json|xml|csv|yaml|custom   output format (default md)
  --template FILE                                   Handlebars template for --output-format custom
  --chunking-strategy fixed|file_based|semantic|auto (default fixed)
  --token-limit N            32000, 64000, 128000 (default), 256000, 512000, 1000000, 2000000
  --chunk-overlap N          tokens shared by consecutive fixed chunks (default 0)
  --remove-comments          remove comments
  --compress                 signatures only: bodies become placeholders, imports and types stay
  --remove-blank-lines       remove blank lines
  --show-line-numbers        prefix lines with their numbers
  --redact-secrets           replace credentials with [REDACTED:type]
  --secret-pattern REGEX     also redact matches of REGEX as [REDACTED:custom] (repeatable)
  --no-gitignore             do not apply .gitignore files
  --include GLOB             only files matching (gitignore syntax; repeatable)
  --exclude GLOB             leave out files matching (gitignore syntax; repeatable)
  --notebook-processing      turn .ipynb notebooks into source
  --encoding o200k_base|cl100k_base  tokenizer (default o200k_base)
  --model ID                 count with this model's tokenizer (or its estimate) and say whether
                             the bundle fits its context window, e.g. llama-3.1, claude-sonnet-4
  --token-budget N           the whole bundle (overview and chunks) fits in N tokens of the model's
                             tokenizer (--model, else --encoding); the least important files are
                             cut down first: comments removed, then signatures only, then path only
  --fit                      with --model: the budget is the model's context window minus --reserve
  --reserve N                with --fit: tokens left free for the prompt and the answer
                             (default a quarter of the window)
  --keep GLOB                files matching are cut down last (gitignore syntax; repeatable)
  --focus TEXT               what the bundle is for: files relevant to it are cut down later
  --header-text TEXT         text for the model at the top of the overview and of every chunk
  --instruction-file FILE    instructions for the model (the file's text), placed after the header

Input and output:
  --config FILE              read options from FILE (JSON, comments allowed)
  --stdin                    pack only the paths read from stdin, one per line, relative to <dir>
  -z                         with --stdin: paths are separated by NUL (git ls-files -z, rg --files -0)
  -o, --output PATH          output folder (a file with --single-file; - for stdout)
  --stdout                   write every chunk in order to stdout, each with its header
  --single-file              write the overview and every chunk into the one file given by -o
  --copy                     put the bundle (every chunk in order) on the clipboard
  --watch                    pack again whenever a file under <dir> changes (Ctrl-C to stop)
  --token-tree [DEPTH]       after packing, print folders and files with their tokens (depth 3)
  --top-files N              after packing, print the N largest files by tokens (default 5; 0: none)
  --workers N                worker threads (default: one per core, the main thread one of them;
                             0 runs on the main thread)
  --no-cache                 process every file again (results are cached in $CACHE_DIR, else
                             $XDG_CACHE_HOME/repobundle; at most $CACHE_MAX_MB, default 1024)
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

Examples:
  repobundle pack . -o bundle                       overview.md and chunks/ in ./bundle
  repobundle pack . --stdout | less                 every chunk on stdout
  repobundle pack repo.zip -o out --output-format json --token-limit 64000
  git ls-files | repobundle pack . --stdin -o out   only the files git tracks
  repobundle pack . --remove-comments --copy        the whole bundle on the clipboard
  repobundle pack . -o bundle.md --single-file --token-tree 2
  repobundle pack . -o out --header-text "Review for bugs" --instruction-file task.md

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
  compress: { type: 'boolean' },
  'remove-blank-lines': { type: 'boolean' },
  'show-line-numbers': { type: 'boolean' },
  'redact-secrets': { type: 'boolean' },
  'secret-pattern': { type: 'string', multiple: true },
  'no-gitignore': { type: 'boolean' },
  include: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  'notebook-processing': { type: 'boolean' },
  encoding: { type: 'string' },
  model: { type: 'string' },
  'token-budget': { type: 'string' },
  fit: { type: 'boolean' },
  reserve: { type: 'string' },
  keep: { type: 'string', multiple: true },
  focus: { type: 'string' },
  config: { type: 'string' },
  'header-text': { type: 'string' },
  'instruction-file': { type: 'string' },
  stdin: { type: 'boolean' },
  z: { type: 'boolean', short: 'z' },
  stdout: { type: 'boolean' },
  'single-file': { type: 'boolean' },
  copy: { type: 'boolean' },
  watch: { type: 'boolean' },
  'token-tree': { type: 'string' },
  'top-files': { type: 'string' },
  workers: { type: 'string' },
  'no-cache': { type: 'boolean' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  ...GIT_FLAGS,
} as const;

/** Flags whose value may be left out, with the value they then take. */
const OPTIONAL_VALUES: Readonly<Record<string, string>> = {
  '--token-tree': '3',
  '--include-logs': String(DEFAULT_LOG_COMMITS),
};

/**
 * `--token-tree` alone becomes `--token-tree=3`, `--include-logs` `--include-logs=50`; a number
 * after the flag is its value. Arguments after `--` are left alone.
 */
export function fillOptionalValues(argv: readonly string[]): string[] {
  const filled: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === '--') {
      filled.push(...argv.slice(index));
      break;
    }
    const fallback = OPTIONAL_VALUES[arg];
    if (fallback === undefined) {
      filled.push(arg);
      continue;
    }
    const next = argv[index + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      filled.push(`${arg}=${next}`);
      index++;
    } else {
      filled.push(`${arg}=${fallback}`);
    }
  }
  return filled;
}

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

/** --model: a known id, whose tokenizer is not contradicted by --encoding. */
function parseModel(value: string | undefined, encoding: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const model = findModel(value);
  if (model === undefined) {
    throw new UsageError(
      `--model must be one of ${MODEL_IDS.join(', ')} (repobundle models lists them); got "${value}".`,
    );
  }
  const tokenizer = model.exact ? model.tokenizer : model.base;
  if (encoding !== undefined && encoding !== tokenizer) {
    throw new UsageError(
      `--model ${value} counts with ${tokenizer}; leave out --encoding ${encoding}.`,
    );
  }
  return value;
}

/** --token-budget: a positive number of tokens. */
function parseTokenBudget(value: string | undefined): number | undefined {
  const budget = parseInteger('token-budget', value);
  if (budget === 0) throw new UsageError('--token-budget must be at least 1 token; got 0.');
  return budget;
}

/** --focus: some text to rank files by. */
function parseFocus(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError('--focus needs some text, e.g. --focus "billing".');
  return value;
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
  targetModel: 'model',
  fitToModel: 'fit',
  reserveTokens: 'reserve',
  keepPatterns: 'keep',
};

/**
 * The flag that sets a job field, for messages: `chunkOverlap` -> `--chunk-overlap`, and an
 * item of a list by its place: `customSecretPatterns.0` -> `--secret-pattern #1`.
 */
export function flagOfField(path: readonly string[]): string {
  const [field = '', ...rest] = path;
  const flag = FLAG_OF_FIELD[field] ?? field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const within = rest.map((part) => (/^\d+$/.test(part) ? ` #${Number(part) + 1}` : `.${part}`));
  return `--${flag}${within.join('')}`;
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
      args: fillOptionalValues(argv),
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
  if (command === 'models') {
    if (source !== undefined) throw new UsageError(`Unexpected argument "${source}".`);
    return { kind: 'models', json: values.json ?? false };
  }
  if (command === 'init') {
    if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    return {
      kind: 'init',
      file: values.config ?? source ?? 'repobundle.config.json',
      force: values.force ?? false,
    };
  }
  if (command === 'mcp') {
    if (source !== undefined) throw new UsageError(`Unexpected argument "${source}".`);
    const flag = Object.keys(values)[0];
    if (flag !== undefined) throw new UsageError(`repobundle mcp takes no options; got --${flag}.`);
    return { kind: 'mcp' };
  }
  if (command !== 'pack')
    throw new UsageError(
      `Unknown command "${command}". Try: repobundle pack <dir|zip> -o <out-dir>, repobundle init, repobundle models, or repobundle mcp`,
    );
  if (!source)
    throw new UsageError(
      'Missing the folder or .zip to pack: repobundle pack <dir|zip> -o <out-dir>',
    );
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  if (values.force) throw new UsageError('--force belongs to repobundle init.');
  const toStdout = (values.stdout ?? false) || values.output === '-';
  if (values.stdout && values.output !== undefined && values.output !== '-') {
    throw new UsageError('--stdout and -o <path> both say where to write: give one.');
  }
  if (toStdout && values.json) {
    throw new UsageError(
      '--json prints the summary on stdout; give an output folder with -o <out-dir>.',
    );
  }
  if (values['single-file'] && (values.output === undefined || values.output === '-')) {
    throw new UsageError('--single-file writes one file: name it with -o <file>.');
  }
  if (values.z && !values.stdin) throw new UsageError('-z goes with --stdin.');
  if (values.watch && toStdout) {
    throw new UsageError('--watch needs an output: -o <out-dir> or --copy.');
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
    targetModel: parseModel(values.model, values.encoding),
    tokenLimit: parseTokenLimit(values['token-limit']),
    chunkOverlap: parseInteger('chunk-overlap', values['chunk-overlap']),
    removeComments: values['remove-comments'],
    compress: values.compress,
    removeBlankLines: values['remove-blank-lines'],
    showLineNumbers: values['show-line-numbers'],
    redactSecrets: values['redact-secrets'],
    customSecretPatterns: values['secret-pattern'],
    respectGitignore: values['no-gitignore'] ? false : undefined,
    includePatterns: values.include,
    excludePatterns: values.exclude,
    notebookProcessing: values['notebook-processing'],
    headerText: values['header-text'],
    tokenBudget: parseTokenBudget(values['token-budget']),
    fitToModel: values.fit,
    reserveTokens: parseInteger('reserve', values.reserve),
    keepPatterns: values.keep,
    focus: parseFocus(values.focus),
  };
  for (const key of Object.keys(options) as (keyof BundleOptions)[]) {
    if (options[key] === undefined) delete options[key];
  }
  const gitFlags = parseGitFlags(values, (message) => new UsageError(message));
  return {
    kind: 'pack',
    source,
    ...gitFlags,
    outDir: toStdout ? undefined : values.output,
    toStdout,
    templateFile: values.template,
    instructionFile: values['instruction-file'],
    json: values.json ?? false,
    workers: parseInteger('workers', values.workers),
    configFile: values.config,
    stdin: values.stdin ? (values.z ? 'nul' : 'lines') : false,
    copy: values.copy ?? false,
    singleFile: values['single-file'] ?? false,
    tokenTree: parseInteger('token-tree', values['token-tree']),
    topFiles: parseInteger('top-files', values['top-files']),
    watch: values.watch ?? false,
    noCache: values['no-cache'] ?? false,
    options,
  };
}
