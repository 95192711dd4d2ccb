import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { BundleOptions, ResolvedOptions } from '../config/options.js';
import { resolveOptions } from '../config/options.js';
import type { BundleOutput } from '../core/assemble-bundle.js';
import { getRenderer } from '../core/render/index.js';
import { isEngineError } from '../errors.js';
import { KeptBundles } from '../io/kept-bundles.js';
import { pack, packKeeping } from '../io/pack.js';
import type { PackProgress } from '../io/pack.js';
import { prepareOutputDir, unwritable } from '../io/prepare-output-dir.js';
import { writeBundle } from '../io/write-bundle.js';
import type { ResultCache } from '../io/result-cache.js';
import { boundResultCache } from '../io/result-cache.js';
import { chunksText, singleFileText } from './bundle-text.js';
import { cacheSettings } from './cache-settings.js';
import { copyToClipboard } from './clipboard.js';
import type { ConfigFile } from './config-file.js';
import { loadConfig } from './config-file.js';
import { writeStarterConfig } from './init-command.js';
import type { PackCommand } from './parse-args.js';
import { USAGE, UsageError, flagOfField, parseCommand } from './parse-args.js';
import { withPackInput } from './pack-input.js';
import { formatModels } from './models-command.js';
import { createProgressLine } from './progress.js';
import { readStdinPaths } from './stdin-paths.js';
import { formatSummary, summarize } from './summary.js';
import { watchAndRepack } from './watch.js';

const VERSION = '0.1.0';
const DEFAULT_TOP_FILES = 5;

/**
 * The `repobundle` command: parse flags, call the engine, report. Sets process.exitCode: 0 the
 * bundle was written, 1 the input or the run failed, 2 a bad flag or value.
 */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') return void process.stdout.write(`${USAGE}\n`);
    if (command.kind === 'version') return void process.stdout.write(`${VERSION}\n`);
    if (command.kind === 'models')
      return void process.stdout.write(`${formatModels(command.json)}\n`);
    if (command.kind === 'mcp') {
      // The MCP SDK (with its own zod and JSON Schema code) is a quarter of the modules the CLI
      // would load at start: only this command pays for it.
      const { runMcpServer } = await import('./mcp-command.js');
      await runMcpServer(VERSION);
    } else if (command.kind === 'init') {
      const path = await writeStarterConfig(command.file, command.force);
      process.stderr.write(`Wrote ${path}: edit it, then run repobundle pack.\n`);
    } else {
      const run = await planRun(command);
      await packOnce(run);
      if (command.watch) await watchAndRepack(run.inputFolder, run.outputPath, () => packOnce(run));
    }
    process.exitCode = 0;
  } catch (error) {
    process.exitCode = error instanceof UsageError ? 2 : 1;
    process.stderr.write(`repobundle: ${describeError(error)}\n`);
  }
}

/** Everything one pack needs, settled before any work so that mistakes fail at once. */
interface PlannedRun {
  readonly command: PackCommand;
  readonly options: ResolvedOptions;
  readonly output:
    | { readonly kind: 'folder' | 'file'; readonly path: string }
    | { readonly kind: 'stdout-all' | 'stdout-one' | 'none' };
  readonly outputPath: string | undefined;
  readonly inputFolder: string | undefined;
  readonly topFiles: number;
  readonly tokenTree: number | undefined;
  readonly workers: number | undefined;
  readonly cache: ResultCache | undefined;
  readonly cacheMaxBytes: number;
}

async function planRun(command: PackCommand): Promise<PlannedRun> {
  const inputFolder = await folderOf(command.source);
  const config = await loadConfig(command.configFile, inputFolder);
  const fromConfig = config?.values ?? {};
  const configDir = config ? dirname(config.path) : process.cwd();
  const templateFile =
    command.templateFile ??
    (fromConfig.templateFile === undefined
      ? undefined
      : resolve(configDir, fromConfig.templateFile));
  const instructionFile =
    command.instructionFile ??
    (fromConfig.instructionFile === undefined
      ? undefined
      : resolve(configDir, fromConfig.instructionFile));
  const instructionText =
    instructionFile === undefined ? undefined : await readFlagFile(instructionFile, 'instruction');
  const selectedPaths = command.stdin ? await readStdinPaths(command.stdin) : undefined;
  const outTarget = command.outDir ?? (command.toStdout ? undefined : fromConfig.output);
  const flagged = { ...configOptions(fromConfig), ...command.options };
  // A bundle written into its own input must not be packed by the next run (or by --watch).
  const outputInInput =
    inputFolder && outTarget && outTarget !== '-' ? pathWithin(inputFolder, outTarget) : undefined;
  const options = await checkOptions(
    {
      ...flagged,
      ...(outputInInput && {
        excludePatterns: [...(flagged.excludePatterns ?? []), `/${outputInInput}`],
      }),
      ...(selectedPaths && { selectedPaths }),
      ...(instructionText !== undefined && { instructionText }),
    },
    templateFile,
  );
  const output: PlannedRun['output'] =
    command.toStdout || outTarget === '-'
      ? { kind: 'stdout-all' }
      : outTarget !== undefined
        ? { kind: command.singleFile ? 'file' : 'folder', path: outTarget }
        : command.copy
          ? { kind: 'none' }
          : { kind: 'stdout-one' };
  if (output.kind === 'stdout-all' || output.kind === 'stdout-one') {
    if (command.json) {
      throw new UsageError(
        '--json prints the summary on stdout; give an output folder with -o <out-dir>.',
      );
    }
    if (command.watch) throw new UsageError('--watch needs an output: -o <out-dir> or --copy.');
  }
  // Before any work: an output that cannot be written fails now, not after the pack.
  if (output.kind === 'folder') await prepareOutputDir(output.path);
  if (output.kind === 'file') await prepareOutputFile(output.path);
  const cache = cacheSettings();
  return {
    command,
    options,
    output,
    outputPath: 'path' in output ? resolve(output.path) : undefined,
    inputFolder,
    topFiles: command.topFiles ?? fromConfig.topFiles ?? DEFAULT_TOP_FILES,
    tokenTree: command.tokenTree ?? fromConfig.tokenTree,
    workers: command.workers ?? fromConfig.workers,
    cache: command.noCache ? undefined : cache.cache,
    cacheMaxBytes: cache.maxBytes,
  };
}

/** Keys of the config file that set the CLI's own run, not a job option. */
const CLI_ONLY_KEYS = new Set([
  'output',
  'templateFile',
  'instructionFile',
  'topFiles',
  'tokenTree',
  'workers',
  '$schema',
]);

/** The job options a config file sets (its CLI-only keys aside). */
function configOptions(config: ConfigFile): BundleOptions {
  return Object.fromEntries(
    Object.entries(config).filter(([key]) => !CLI_ONLY_KEYS.has(key)),
  ) as BundleOptions;
}

async function packOnce(run: PlannedRun): Promise<void> {
  const { command, output } = run;
  const started = performance.now();
  const progress = createProgressLine(process.stderr);
  const counters = { cachedFiles: 0 };
  const usageError = (message: string) => new UsageError(message);
  let keep: KeptBundles | undefined;
  try {
    const bundle = await withPackInput<BundleOutput>(command, process.env, usageError, (input) => {
      const hooks = {
        onProgress: (update: PackProgress) => progress.update(update),
        ...(run.workers !== undefined && { workers: run.workers }),
        ...(run.cache && { cache: run.cache }),
        // A checkout made for this run is gone afterwards: nothing to remember of it.
        rememberFolder: input.sourceName === undefined,
        counters,
        now: overviewClock(),
        ...(input.sourceName !== undefined && { sourceName: input.sourceName }),
        ...(input.signal && { signal: input.signal }),
        ...(command.git && { git: command.git }),
      };
      // A folder written again from the same input gets the bundle an earlier run kept.
      if (run.cache && output.kind === 'folder' && input.sourceName === undefined) {
        keep = new KeptBundles(run.cache, Date.now());
        return packKeeping(input.path, run.options, hooks, keep);
      }
      return pack(input.path, run.options, hooks);
    }).finally(() => progress.clear());
    await writeOutputs(run, bundle, counters, keep, started);
  } finally {
    keep?.close();
  }
}

async function writeOutputs(
  run: PlannedRun,
  bundle: BundleOutput,
  counters: { cachedFiles: number },
  keep: KeptBundles | undefined,
  started: number,
): Promise<void> {
  const { command, output } = run;
  const notes: string[] = [];
  let kept = false;
  switch (output.kind) {
    case 'folder': {
      const written = await writeBundle(bundle, output.path);
      kept = keep ? keep.store(written) : false;
      break;
    }
    case 'file': {
      const single = singleFileText(bundle, run.options.outputFormat);
      await writeFile(output.path, single.text).catch((error: NodeJS.ErrnoException) => {
        throw unwritable(output.path, error);
      });
      if (single.note) notes.push(single.note);
      break;
    }
    case 'stdout-all':
      process.stdout.write(chunksText(bundle));
      break;
    case 'stdout-one':
      if (bundle.chunks.length > 1) {
        throw new UsageError(
          `The bundle has ${bundle.chunks.length} chunks; give an output folder with -o <out-dir>, or use --stdout for all of them.`,
        );
      }
      process.stdout.write(bundle.chunks[0]?.text ?? '');
      break;
    case 'none':
      break;
  }
  if (command.copy) {
    const program = await copyToClipboard(chunksText(bundle));
    notes.push(
      `Copied ${bundle.chunks.length} chunk${bundle.chunks.length === 1 ? '' : 's'} to the clipboard (${program}).`,
    );
  }
  if (run.cache) {
    const storedAny = kept || Boolean(bundle.budget) || counters.cachedFiles < bundle.files.length;
    boundResultCache(run.cache.dir, run.cacheMaxBytes, storedAny);
  }
  report(run, bundle, notes, performance.now() - started, counters.cachedFiles);
}

function report(
  run: PlannedRun,
  bundle: BundleOutput,
  notes: readonly string[],
  durationMs: number,
  cachedFiles: number,
): void {
  const summary = summarize(bundle, run.command.source, run.outputPath ?? null, durationMs, {
    topFiles: run.topFiles,
    tokenTree: run.tokenTree,
    notes,
    cachedFiles,
  });
  if (run.command.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else process.stderr.write(`${formatSummary(summary)}\n`);
}

/** `path` relative to `folder` with forward slashes, when it lies inside it. */
function pathWithin(folder: string, path: string): string | undefined {
  const inside = relative(resolve(folder), resolve(path));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep).join('/');
}

/** The source as a folder (where a config file may sit), or undefined for an archive. */
async function folderOf(source: string): Promise<string | undefined> {
  const info = await stat(source).catch(() => undefined);
  return info?.isDirectory() ? source : undefined;
}

async function prepareOutputFile(file: string): Promise<void> {
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) {
    throw unwritable(file, Object.assign(new Error('is a folder'), { code: 'EISDIR' }));
  }
  await prepareOutputDir(dirname(resolve(file)));
}

/**
 * The options resolved and the template compiled before any work: a bad value is a usage error
 * (exit 2) named by its flag, found in a moment rather than after reading the input.
 */
async function checkOptions(
  input: BundleOptions,
  templateFile: string | undefined,
): Promise<ResolvedOptions> {
  const template =
    templateFile === undefined ? undefined : await readFlagFile(templateFile, 'template');
  try {
    const options = resolveOptions(
      { ...input, ...(template !== undefined && { template }) },
      flagOfField,
    );
    getRenderer(options.outputFormat, { template: options.template });
    return options;
  } catch (error) {
    if (isEngineError(error) && error.code === 'INVALID_TEMPLATE' && template === undefined) {
      throw new UsageError('--output-format custom needs a template: add --template FILE.');
    }
    if (isEngineError(error)) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The overview's generation time: SOURCE_DATE_EPOCH (seconds since 1970) when set, so that two
 * runs over the same input give the same bytes; otherwise now.
 */
function overviewClock(): () => Date {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  if (epoch === undefined || epoch === '') return () => new Date();
  if (!/^\d+$/.test(epoch)) {
    throw new UsageError(`SOURCE_DATE_EPOCH must be whole seconds since 1970; got "${epoch}".`);
  }
  const fixed = new Date(Number(epoch) * 1000);
  return () => fixed;
}

/** A file a flag names (template, instructions): unreadable is a usage error naming it. */
async function readFlagFile(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read the ${what} file ${file}.`);
  }
}

function describeError(error: unknown): string {
  if (isEngineError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
