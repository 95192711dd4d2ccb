import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import {
  DEFAULT_MAX_FILE_BYTES,
  excludedFileRule,
  isBinaryExtension,
  isExcludedFolder,
} from '@repobundle/contract/files';
import { writeZip, type ZipInput } from '../../e2e/lib/zip-writer.js';

// The benchmark's archive: real published code (the JavaScript, TypeScript, JSON and docs of
// the packages installed in this repository's node_modules), only files a job would process,
// added in a fixed order until the archive reaches the wanted size.

/** Text files a job processes: no excluded folder on the way, no lock or system file, no binary. */
function eligible(path: string, size: number): boolean {
  const parts = path.split('/');
  const name = parts.pop()!;
  if (parts.some(isExcludedFolder)) return false;
  if (excludedFileRule(name) !== undefined || isBinaryExtension(name)) return false;
  return size > 0 && size <= DEFAULT_MAX_FILE_BYTES;
}

function* walk(dir: string): Generator<string> {
  const names = readdirSync(dir).sort();
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) yield* walk(path);
    else if (stat.isFile()) yield path;
  }
}

/**
 * Entries of the archive, read from `modules` (a node_modules folder): each package's files
 * under `corpus/<package>/...` (the `node_modules` name itself would exclude them all).
 */
function* corpusEntries(modules: string, targetBytes: number): Generator<ZipInput> {
  let packed = 0;
  for (const file of walk(modules)) {
    if (packed >= targetBytes) return;
    const inner = relative(modules, file).split('\\').join('/');
    if (inner.split('/').includes('node_modules') || inner.startsWith('.')) continue;
    const path = `corpus/${inner}`;
    const size = statSync(file).size;
    if (!eligible(path, size)) continue;
    const data = readFileSync(file);
    if (data.subarray(0, 8000).includes(0)) continue;
    // Local header, name and deflated body: what the entry adds to the archive.
    packed += 30 + Buffer.byteLength(path) + deflateRawSync(data).length;
    yield { name: path, data };
  }
}

export interface BuiltCorpus {
  file: string;
  bytes: number;
  files: number;
  textBytes: number;
}

/** Writes the archive (about `targetMb` MB) to `file`, once: a second run reuses it. */
export function buildCorpus(modules: string, file: string, targetMb: number): BuiltCorpus {
  const summary = `${file}.json`;
  if (existsSync(file) && existsSync(summary)) {
    return JSON.parse(readFileSync(summary, 'utf8')) as BuiltCorpus;
  }
  const entries = [...corpusEntries(modules, targetMb * 1024 * 1024)];
  const textBytes = entries.reduce((sum, entry) => sum + entry.data.length, 0);
  const bytes = writeZip(file, entries);
  const built: BuiltCorpus = { file, bytes, files: entries.length, textBytes };
  writeFileSync(summary, JSON.stringify(built));
  return built;
}
