import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ensureCorpus } from './corpora.js';
import { tarballFileName } from './corpus-specs.js';
import { CORPORA_DIR, REPO_ROOT, TARBALL_DIR } from './paths.js';
import { listFiles, spread } from './sample-files.js';

const run = promisify(execFile);

/**
 * Real published code for the compression bench, per language: TypeScript and JavaScript from
 * the medium corpus, Python from node-gyp (its gyp), Java from cordova-android (its Android
 * framework), C, C++ and CSS from packages this repository installs (the tree-sitter grammars'
 * C scanners, node-addon-api's C++ headers, Playwright's style sheets).
 */
export const PYTHON_PACKAGE = 'node-gyp@11.2.0';
export const JAVA_PACKAGE = 'cordova-android@13.0.0';

export interface CompressFile {
  /** Our language id (core/languages.ts) and the sample it belongs to. */
  readonly language: string;
  /** Absolute path on disk. */
  readonly file: string;
  /** Path relative to its source folder. */
  readonly relative: string;
}

/** One npm package unpacked under bench/.corpora/<folder> (downloaded once with `npm pack`). */
async function ensurePackage(
  spec: string,
  folder: string,
  log: (line: string) => void,
): Promise<string> {
  const dir = path.join(CORPORA_DIR, folder);
  if (existsSync(dir)) return dir;
  await mkdir(TARBALL_DIR, { recursive: true });
  const tarball = path.join(TARBALL_DIR, tarballFileName(spec));
  if (!existsSync(tarball)) {
    log(`downloading ${spec}`);
    await run('npm', ['pack', '--silent', '--pack-destination', TARBALL_DIR, spec]);
  }
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
  return dir;
}

async function grammarScanners(modules: string): Promise<string[]> {
  const folders = (await readdir(modules)).filter((name) => name.startsWith('tree-sitter-'));
  const scoped = path.join(modules, '@tree-sitter-grammars');
  const all = [
    ...folders.map((name) => path.join(modules, name)),
    ...(existsSync(scoped) ? (await readdir(scoped)).map((name) => path.join(scoped, name)) : []),
  ];
  return all
    .map((folder) => path.join(folder, 'src', 'scanner.c'))
    .filter((file) => existsSync(file))
    .sort();
}

interface Source {
  readonly language: string;
  readonly root: string;
  readonly name: RegExp;
  readonly count: number;
}

/** The sample: up to `count` files of each source, spread over its sorted file list. */
export async function compressCorpus(
  perLanguage: number,
  log: (line: string) => void,
): Promise<CompressFile[]> {
  const medium = await ensureCorpus('medium', log);
  const python = await ensurePackage(PYTHON_PACKAGE, 'comments-python', log);
  const java = await ensurePackage(JAVA_PACKAGE, 'compress-java', log);
  const modules = path.join(REPO_ROOT, 'node_modules');
  const sources: Source[] = [
    { language: 'typescript', root: medium.dir, name: /\.ts$/, count: perLanguage },
    {
      language: 'javascript',
      root: path.join(medium.dir, 'lodash'),
      name: /\.js$/,
      count: perLanguage,
    },
    { language: 'python', root: python, name: /\.py$/, count: perLanguage },
    { language: 'java', root: java, name: /\.java$/, count: perLanguage },
    {
      language: 'cpp',
      root: path.join(modules, 'node-addon-api'),
      name: /\.h$/,
      count: perLanguage,
    },
    {
      language: 'css',
      root: path.join(modules, 'playwright-core'),
      name: /\.css$/,
      count: perLanguage,
    },
  ];
  const files: CompressFile[] = [];
  // The grammars' hand-written scanners (their parser.c files are generated tables).
  const scanners = await grammarScanners(modules);
  for (const file of spread(scanners, perLanguage)) {
    files.push({ language: 'c', file, relative: path.relative(modules, file) });
  }
  for (const source of sources) {
    const found = spread(await listFiles(source.root, source.name), source.count);
    for (const file of found) {
      files.push({ language: source.language, file, relative: path.relative(source.root, file) });
    }
  }
  return files;
}
