import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureCorpus } from './corpora.js';
import { tarballFileName } from './corpus-specs.js';
import { CORPORA_DIR, TARBALL_DIR } from './paths.js';
import { listFiles, spread } from './sample-files.js';

const run = promisify(execFile);

/**
 * The bench corpora are npm packages of JavaScript and TypeScript; for Python the comment bench
 * adds one published package that ships real, well-documented Python: gyp inside node-gyp.
 */
export const PYTHON_PACKAGE = 'node-gyp@11.2.0';

export interface CommentFile {
  readonly language: 'typescript' | 'python';
  /** Absolute path on disk. */
  readonly file: string;
  /** Path relative to its corpus folder, for repomix's output keys. */
  readonly relative: string;
}

async function ensurePythonCorpus(log: (line: string) => void): Promise<string> {
  const dir = path.join(CORPORA_DIR, 'comments-python');
  if (existsSync(dir)) return dir;
  await mkdir(TARBALL_DIR, { recursive: true });
  const tarball = path.join(TARBALL_DIR, tarballFileName(PYTHON_PACKAGE));
  if (!existsSync(tarball)) {
    log(`downloading ${PYTHON_PACKAGE}`);
    await run('npm', ['pack', '--silent', '--pack-destination', TARBALL_DIR, PYTHON_PACKAGE]);
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  return dir;
}

/**
 * The sample: `typescriptCount` .ts files spread over the medium corpus (rxjs sources and the
 * TypeScript compiler's lib .d.ts files) and every .py file of the Python package.
 */
export async function commentCorpus(
  typescriptCount: number,
  log: (line: string) => void,
): Promise<CommentFile[]> {
  const medium = await ensureCorpus('medium', log);
  const python = await ensurePythonCorpus(log);
  const typescript = spread(await listFiles(medium.dir, /\.ts$/), typescriptCount);
  const pythonFiles = await listFiles(python, /\.py$/);
  return [
    ...typescript.map((file) => ({
      language: 'typescript' as const,
      file,
      relative: path.relative(medium.dir, file),
    })),
    ...pythonFiles.map((file) => ({
      language: 'python' as const,
      file,
      relative: path.relative(python, file),
    })),
  ];
}
