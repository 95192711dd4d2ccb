import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CompressFile } from './compress-corpus.js';
import { OUT_DIR, REPO_ROOT, REPOBUNDLE_BIN } from './paths.js';

const run = promisify(execFile);
const REPOMIX_BIN = path.join(REPO_ROOT, 'node_modules', 'repomix', 'bin', 'repomix.cjs');
const ROOT = path.join(OUT_DIR, 'compress');
export const INPUT_DIR = path.join(ROOT, 'input');

/** Where a sampled file is copied for both tools, and its key in their outputs. */
export function keyOf(file: CompressFile): string {
  return `${file.language}/${file.relative}`;
}

/** Copies the sample into one folder both tools read. */
export async function prepareInput(files: readonly CompressFile[]): Promise<void> {
  await rm(ROOT, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(INPUT_DIR, keyOf(file));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file.file, target);
  }
}

/** repomix 1.14.1, JSON style, with or without `--compress`: each file's text by path. */
export async function runRepomix(compress: boolean): Promise<Map<string, string>> {
  const dir = path.join(ROOT, compress ? 'repomix-compress' : 'repomix-plain');
  await mkdir(dir, { recursive: true });
  const config = path.join(dir, 'repomix.config.json');
  await writeFile(config, JSON.stringify({ input: { maxFileSize: 5 * 1024 * 1024 } }));
  const output = path.join(dir, 'repomix.json');
  await run(
    process.execPath,
    [
      REPOMIX_BIN,
      INPUT_DIR,
      '-c',
      config,
      '-o',
      output,
      '--style',
      'json',
      ...(compress ? ['--compress'] : []),
      '--no-security-check',
      '--no-gitignore',
      '--no-dot-ignore',
      '--no-git-sort-by-changes',
      '--no-file-summary',
      '--no-directory-structure',
      '--quiet',
    ],
    {
      cwd: dir,
      env: { ...process.env, REPOMIX_TOKEN_CACHE: '0', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const parsed = JSON.parse(await readFile(output, 'utf8')) as { files: Record<string, string> };
  return new Map(Object.entries(parsed.files));
}

interface JsonChunk {
  readonly files: readonly { path: string; content: string; part: number }[];
}

export interface OurRun {
  readonly texts: Map<string, string>;
  /** File notes by path (`not compressed: ...`). */
  readonly notes: Map<string, string>;
}

/** Our built CLI on the same folder, JSON output, with or without `--compress`. */
export async function runRepobundle(compress: boolean): Promise<OurRun> {
  const out = path.join(ROOT, compress ? 'repobundle-compress' : 'repobundle-plain');
  const { stdout } = await run(
    process.execPath,
    [
      REPOBUNDLE_BIN,
      'pack',
      INPUT_DIR,
      '-o',
      out,
      '--output-format',
      'json',
      '--token-limit',
      '2000000',
      '--no-gitignore',
      '--no-cache',
      '--json',
      ...(compress ? ['--compress'] : []),
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const summary = JSON.parse(stdout) as { fileNotes: { path: string; note: string }[] };
  const texts = new Map<string, string>();
  for (const name of (await readdir(path.join(out, 'chunks'))).sort()) {
    const chunk = JSON.parse(await readFile(path.join(out, 'chunks', name), 'utf8')) as JsonChunk;
    for (const piece of chunk.files) {
      texts.set(piece.path, (texts.get(piece.path) ?? '') + piece.content);
    }
  }
  return { texts, notes: new Map(summary.fileNotes.map((note) => [note.path, note.note])) };
}
