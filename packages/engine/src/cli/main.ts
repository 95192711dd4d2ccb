import { readFile } from 'node:fs/promises';
import { isEngineError } from '../errors.js';
import { pack } from '../io/pack.js';
import { writeBundle } from '../io/write-bundle.js';
import type { PackCommand } from './parse-args.js';
import { USAGE, UsageError, parseCommand } from './parse-args.js';
import { createProgressLine } from './progress.js';
import { formatSummary, summarize } from './summary.js';

const VERSION = '0.1.0';

/** The `repobundle` command: parse flags, call the engine, report. Sets process.exitCode. */
export async function main(argv: readonly string[]): Promise<void> {
  try {
    const command = parseCommand(argv);
    if (command.kind === 'help') return void process.stdout.write(`${USAGE}\n`);
    if (command.kind === 'version') return void process.stdout.write(`${VERSION}\n`);
    await runPack(command);
  } catch (error) {
    process.exitCode = error instanceof UsageError ? 2 : 1;
    process.stderr.write(`repobundle: ${describeError(error)}\n`);
  }
}

async function runPack(command: PackCommand): Promise<void> {
  const started = performance.now();
  const template =
    command.templateFile === undefined ? undefined : await readTemplate(command.templateFile);
  const progress = createProgressLine(process.stderr);
  const bundle = await pack(
    command.source,
    { ...command.options, ...(template !== undefined && { template }) },
    { onProgress: (update) => progress.update(update) },
  ).finally(() => progress.clear());

  const toStdout = command.outDir === undefined || command.outDir === '-';
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
