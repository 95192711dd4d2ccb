import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CommentFile } from './comments-corpus.js';
import { OUT_DIR, REPO_ROOT } from './paths.js';

const run = promisify(execFile);
const REPOMIX_BIN = path.join(REPO_ROOT, 'node_modules', 'repomix', 'bin', 'repomix.cjs');

/** Where a sampled file is copied for repomix, and its key in repomix's JSON output. */
export function repomixKey(file: CommentFile): string {
  return `${file.language}/${file.relative}`;
}

async function runRepomix(
  input: string,
  output: string,
  removeComments: boolean,
): Promise<Map<string, string>> {
  await writeFile(
    path.join(path.dirname(output), 'repomix.config.json'),
    JSON.stringify({ input: { maxFileSize: 5 * 1024 * 1024 } }),
  );
  await run(
    process.execPath,
    [
      REPOMIX_BIN,
      input,
      '-c',
      path.join(path.dirname(output), 'repomix.config.json'),
      '-o',
      output,
      '--style',
      'json',
      ...(removeComments ? ['--remove-comments'] : []),
      '--no-security-check',
      '--no-gitignore',
      '--no-dot-ignore',
      '--no-git-sort-by-changes',
      '--no-file-summary',
      '--no-directory-structure',
      '--quiet',
    ],
    {
      cwd: path.dirname(output),
      env: { ...process.env, REPOMIX_TOKEN_CACHE: '0', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const parsed = JSON.parse(await readFile(output, 'utf8')) as { files: Record<string, string> };
  return new Map(Object.entries(parsed.files));
}

/**
 * repomix 1.14.1 on the sampled files, twice: as packed (its own baseline: it trims every file)
 * and with `--remove-comments`. Returns both texts by repomixKey.
 */
export async function repomixOutputs(
  files: readonly CommentFile[],
): Promise<{ plain: Map<string, string>; stripped: Map<string, string> }> {
  const root = path.join(OUT_DIR, 'comments');
  const input = path.join(root, 'input');
  await rm(root, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(input, repomixKey(file));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file.file, target);
  }
  const plainOut = path.join(root, 'plain', 'repomix.json');
  const strippedOut = path.join(root, 'stripped', 'repomix.json');
  await mkdir(path.dirname(plainOut), { recursive: true });
  await mkdir(path.dirname(strippedOut), { recursive: true });
  const plain = await runRepomix(input, plainOut, false);
  const stripped = await runRepomix(input, strippedOut, true);
  return { plain, stripped };
}
