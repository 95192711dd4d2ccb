import { execFile } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CORPUS_SPECS, splitPackageSpec, tarballFileName } from './corpus-specs.js';
import type { CorpusName } from './corpus-specs.js';
import { CORPORA_DIR, TARBALL_DIR } from './paths.js';
import { MAX_FILE_BYTES } from './eligible-files.js';
import { isPrunedFile, isPrunedFolder } from './prune-rules.js';

const run = promisify(execFile);

/** A built corpus: the unpacked folder, its ZIP, and what is in it after pruning. */
export interface Corpus {
  readonly name: CorpusName;
  readonly dir: string;
  readonly zip: string;
  readonly packages: readonly string[];
  /** How many times the packages were unpacked (see CorpusSpec). */
  readonly copies?: number;
  readonly files: number;
  readonly bytes: number;
  /** Bytes in files under the 5 MB per-file cap: the input both tools actually read. */
  readonly bytesUnderCap: number;
  readonly prunedFiles: number;
  readonly prunedFolders: number;
}

/** Builds the corpus unless an up-to-date one is on disk (same package list, folder and ZIP present). */
export async function ensureCorpus(name: CorpusName, log: (line: string) => void): Promise<Corpus> {
  const spec = CORPUS_SPECS[name];
  const dir = path.join(CORPORA_DIR, name);
  const zip = path.join(CORPORA_DIR, `${name}.zip`);
  const manifestPath = path.join(CORPORA_DIR, `${name}.manifest.json`);
  const cached = await readManifest(manifestPath);
  if (
    cached !== undefined &&
    cached.packages.join(' ') === spec.packages.join(' ') &&
    (cached.copies ?? 1) === (spec.copies ?? 1) &&
    typeof cached.bytesUnderCap === 'number' &&
    existsSync(dir) &&
    existsSync(zip)
  ) {
    return cached;
  }
  await downloadTarballs(spec.packages, log);
  log(`corpus ${name}: unpacking ${spec.packages.length} packages`);
  await rm(dir, { recursive: true, force: true });
  const copies = spec.copies ?? 1;
  for (let copy = 1; copy <= copies; copy++) {
    const root = copies === 1 ? dir : path.join(dir, `copy-${copy}`);
    for (const pkg of spec.packages) {
      const target = path.join(root, splitPackageSpec(pkg).name);
      await mkdir(target, { recursive: true });
      // npm tarballs hold one top folder (`package/` for most); strip it so paths read `<name>/...`.
      await run('tar', [
        '-xzf',
        path.join(TARBALL_DIR, tarballFileName(pkg)),
        '-C',
        target,
        '--strip-components=1',
      ]);
    }
  }
  const pruned = await pruneTree(dir);
  const { files, bytes, bytesUnderCap } = await measureTree(dir);
  log(`corpus ${name}: zipping ${files} files`);
  await zipFolder(dir, zip);
  const corpus: Corpus = {
    name,
    dir,
    zip,
    packages: spec.packages,
    ...(spec.copies !== undefined && { copies: spec.copies }),
    files,
    bytes,
    bytesUnderCap,
    ...pruned,
  };
  await writeFile(manifestPath, `${JSON.stringify(corpus, null, 2)}\n`);
  return corpus;
}

async function readManifest(file: string): Promise<Corpus | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Corpus;
  } catch {
    return undefined;
  }
}

/** `npm pack` each missing tarball into the cache folder, in one npm call. */
async function downloadTarballs(
  packages: readonly string[],
  log: (line: string) => void,
): Promise<void> {
  await mkdir(TARBALL_DIR, { recursive: true });
  const missing = packages.filter(
    (pkg) => !existsSync(path.join(TARBALL_DIR, tarballFileName(pkg))),
  );
  if (missing.length === 0) return;
  log(`downloading ${missing.join(', ')}`);
  await run('npm', ['pack', '--silent', '--pack-destination', TARBALL_DIR, ...missing], {
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const pkg of missing) {
    if (!existsSync(path.join(TARBALL_DIR, tarballFileName(pkg)))) {
      throw new Error(`npm pack did not produce ${tarballFileName(pkg)} for ${pkg}`);
    }
  }
}

async function pruneTree(root: string): Promise<{ prunedFiles: number; prunedFolders: number }> {
  let prunedFiles = 0;
  let prunedFolders = 0;
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (isPrunedFolder(entry.name)) {
          await rm(full, { recursive: true, force: true });
          prunedFolders += 1;
        } else {
          await visit(full);
        }
      } else if (isPrunedFile(entry.name)) {
        await unlink(full);
        prunedFiles += 1;
      }
    }
  };
  await visit(root);
  return { prunedFiles, prunedFolders };
}

/** Regular files and their total size under a folder. */
export async function measureTree(
  root: string,
): Promise<{ files: number; bytes: number; bytesUnderCap: number }> {
  let files = 0;
  let bytes = 0;
  let bytesUnderCap = 0;
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else if (entry.isFile()) {
        const { size } = await stat(full);
        files += 1;
        bytes += size;
        if (size <= MAX_FILE_BYTES) bytesUnderCap += size;
      }
    }
  };
  await visit(root);
  return { files, bytes, bytesUnderCap };
}

/** Info-ZIP when installed (fast, native); yazl otherwise. Entries are relative to the folder. */
async function zipFolder(dir: string, zip: string): Promise<void> {
  await rm(zip, { force: true });
  if (await hasCommand('zip')) {
    await run('zip', ['-qr', zip, '.'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return;
  }
  const { ZipFile } = await import('yazl');
  const archive = new ZipFile();
  const addFolder = async (folder: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const name = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await addFolder(full, name);
      else if (entry.isFile()) archive.addFile(full, name);
    }
  };
  await addFolder(dir, '');
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(zip);
    out.on('close', resolve);
    out.on('error', reject);
    archive.outputStream.on('error', reject);
    archive.outputStream.pipe(out);
    archive.end();
  });
}

export async function hasCommand(name: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${name}`]);
    return true;
  } catch {
    return false;
  }
}
