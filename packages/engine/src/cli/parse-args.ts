import { parseArgs } from 'node:util';
import type { BundleOptions } from '../config/options.js';

export class UsageError extends Error {}

export interface PackCommand {
  readonly kind: 'pack';
  readonly source: string;
  /** Output folder; undefined or "-" writes the single chunk to stdout. */
  readonly outDir: string | undefined;
  readonly templateFile: string | undefined;
  readonly json: boolean;
  readonly options: BundleOptions;
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
  --json                     print a machine-readable summary on stdout
  -h, --help                 show this help
  -v, --version              show the version`;

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
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function parseInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${flag} must be a whole number, got "${value}".`);
  return Number(value);
}

/** Turns argv into a command; option values are checked later by resolveOptions. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: PACK_FLAGS,
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
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
    ...(values['output-format'] !== undefined && {
      outputFormat: values['output-format'] as BundleOptions['outputFormat'],
    }),
    ...(values['chunking-strategy'] !== undefined && {
      chunkingStrategy: values['chunking-strategy'] as BundleOptions['chunkingStrategy'],
    }),
    ...(values['encoding'] !== undefined && {
      encoding: values.encoding as BundleOptions['encoding'],
    }),
    tokenLimit: parseInteger('token-limit', values['token-limit']),
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
  return {
    kind: 'pack',
    source,
    outDir: values.output,
    templateFile: values.template,
    json: values.json ?? false,
    options,
  };
}
