import { readFile } from 'node:fs/promises';
import { resolveOptions } from '../config/options.js';
import type { ResolvedOptions } from '../config/options.js';
import { getRenderer } from '../core/render/index.js';
import { isEngineError } from '../errors.js';
import { pack } from '../io/pack.js';
import { prepareOutputDir } from '../io/prepare-output-dir.js';
import { writeBundle } from '../io/write-bundle.js';
import type { PackCommand } from './parse-args.js';
import { USAGE, UsageError, flagOfField, parseCommand } from './parse-args.js';
import { withPackInput } from './pack-input.js';
import { createProgressLine } from './progress.js';
import { formatSummary, summarize } from './summary.js';

const VERSION = '0.1.0';

/**
 * The `repobundle` command: parse flags, call the engine, report. Sets process.exitCode: 0 the
 * bundle was written, 1 the input or the run failed, 2 a bad flag or value.
 */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') return void process.stdout.write(`${USAGE}\n`);
    if (command.kind === 'version') return void process.stdout.write(`${VERSION}\n`);
    await runPack(command);
    process.exitCode = 0;
  } catch (error) {
    process.exitCode = error instanceof UsageError ? 2 : 1;
    process.stderr.write(`repobundle: ${describeError(error)}\n`);
  }
}

async function runPack(command: PackCommand): Promise<void> {
  const started = performance.now();
  const options = await checkOptions(command);
  const toStdout = command.outDir === undefined || command.outDir === '-';
  // Before any work: an output folder that cannot be written fails now, not after the pack.
  if (!toStdout) await prepareOutputDir(command.outDir as string);
  const progress = createProgressLine(process.stderr);
  const usageError = (message: string) => new UsageError(message);
  const bundle = await withPackInput(command, process.env, usageError, (input) =>
    pack(input.path, options, {
      onProgress: (update) => progress.update(update),
      ...(command.workers !== undefined && { workers: command.workers }),
      now: overviewClock(),
      ...(input.sourceName !== undefined && { sourceName: input.sourceName }),
      ...(input.signal && { signal: input.signal }),
      ...(command.git && { git: command.git }),
    }),
  ).finally(() => progress.clear());

  if (toStdout) {
    if (bundle.chunks.length > 1) {
      throw new UsageError(
        `The bundle has ${bundle.chunks.length} chunks; give an output folder with -o <out-dir>.`,
      );
    }
    process.stdout.write(bundle.chunks[0]?.text ?? '');
  } else {
    await writeBundle(bundle, command.outDir as string);
  }
  const summary = summarize(
    bundle,
    command.source,
    toStdout ? null : (command.outDir as string),
    performance.now() - started,
  );
  if (command.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
  else process.stderr.write(`${formatSummary(summary)}\n`);
}

/**
 * The options resolved and the template compiled before any work: a bad value is a usage error
 * (exit 2) named by its flag, found in a moment rather than after reading the input.
 */
async function checkOptions(command: PackCommand): Promise<ResolvedOptions> {
  const template =
    command.templateFile === undefined ? undefined : await readTemplate(command.templateFile);
  try {
    const options = resolveOptions(
      { ...command.options, ...(template !== undefined && { template }) },
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

async function readTemplate(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`Cannot read the template file ${file}.`);
  }
}

function describeError(error: unknown): string {
  if (isEngineError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
