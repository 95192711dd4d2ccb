import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { ResolvedOptions } from '../config/options.js';
import type { Bundle, BundleOutput, OutputChunk } from '../core/assemble-bundle.js';
import type { FormatRenderer, Overview } from '../core/render/renderer.js';
import type { SkippedFile, SourceEntry } from '../core/types.js';
import { readAt, writeAll } from './file-io.js';
import { RACY_MS } from './folder-digests.js';
import type { ResultCache } from './result-cache.js';

/**
 * Bundles kept between runs of the CLI over a folder: a run whose input and options are an
 * earlier run's writes that run's outputs again instead of packing. The input is known without
 * reading a file: the selection (recomputed every run, so a changed .gitignore or pattern
 * counts), each selected file's stamp (size, times, inode: an unchanged stamp means the same
 * bytes, as the folder's remembered digests already assume), the options, the engine build and
 * whatever else decides the bundle (git context, change counts). A file changed less than
 * RACY_MS before the run started gives the run no key: a later change within the same clock
 * tick could leave its stamp as it was. Only the overview's time differs between two runs of
 * the same input: it is rendered again from the kept overview.
 *
 * Kept in the result cache folder (`bundles/KEY`, a file of its own, so eviction bounds it with
 * the rest): a header (v8-serialized KeptHeader, after its length as 4 bytes little-endian),
 * then each chunk's bytes as written, back to back. Written under a temporary name, then
 * renamed: a reader never sees half a bundle.
 */

export const BUNDLES_FOLDER = 'bundles';

/** Changes whenever the layout of a kept bundle does. */
const LAYOUT = 'kept-bundle-1';
const WINDOW_BYTES = 1024 * 1024;

/** What a kept bundle holds besides its chunks' bytes. */
interface KeptHeader extends Omit<BundleOutput, 'overview' | 'chunks'> {
  readonly overview: { readonly fileName: string; readonly model: Overview };
  readonly chunks: readonly {
    readonly index: number;
    readonly fileName: string;
    readonly tokens: number;
    /** Of its bytes as written. */
    readonly length: number;
  }[];
}

/** What decides a run's bundle, besides the files' bytes. */
export interface RunInput {
  readonly options: ResolvedOptions;
  readonly sourceName: string;
  readonly kind: string;
  /** The selected files, in output order, each with the stamp it was listed with. */
  readonly selected: readonly SourceEntry[];
  readonly skipped: readonly SkippedFile[];
  /** Anything else the bundle is made from (git context, change counts): JSON, Maps or Sets. */
  readonly context: unknown;
}

/** A bundle an earlier run kept: its chunks are copied from the kept file. */
export interface KeptBundle extends BundleOutput {
  readonly kept: true;
}

/**
 * One run's use of the kept bundles: `find` looks its input up (and remembers its key), `made`
 * hands it the bundle packed instead, `store` keeps that once it is written, `close` lets go of
 * the kept file read.
 */
export class KeptBundles {
  private key: string | undefined;
  private bundle: Bundle | undefined;
  private readonly open: number[] = [];

  constructor(
    private readonly cache: ResultCache,
    /** When the run started (ms): files changed shortly before have no trustworthy stamp. */
    private readonly startedMs: number,
  ) {}

  /** The bundle an earlier run made of the same input, its overview dated `generatedAt`. */
  find(input: RunInput, renderer: FormatRenderer, generatedAt: Date): KeptBundle | undefined {
    this.key = runKey(this.cache.build, input, this.startedMs);
    if (this.key === undefined) return undefined;
    const file = join(this.cache.dir, BUNDLES_FOLDER, this.key);
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch {
      return undefined;
    }
    let header: KeptHeader;
    let start: number;
    try {
      ({ header, start } = readHeader(fd));
    } catch {
      closeSync(fd);
      return undefined;
    }
    this.open.push(fd);
    try {
      // Eviction removes the bundles used longest ago: this one was just used.
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // removed meanwhile: the open file still holds its bytes
    }
    let offset = start;
    const chunks = header.chunks.map((chunk): OutputChunk => {
      const keptBytes = { fd, offset, length: chunk.length };
      offset += chunk.length;
      const text = () => readRange(keptBytes.fd, keptBytes.offset, keptBytes.length).toString();
      return {
        index: chunk.index,
        fileName: chunk.fileName,
        tokens: chunk.tokens,
        get text() {
          return text();
        },
        textParts: () => [text()],
        keptBytes,
      };
    });
    const model = { ...header.overview.model, generatedAt: generatedAt.toISOString() };
    return {
      kept: true,
      overview: { fileName: header.overview.fileName, text: renderer.renderOverview(model) },
      chunks,
      files: header.files,
      skipped: header.skipped,
      notes: header.notes,
      statistics: header.statistics,
      secrets: header.secrets,
      ...(header.model && { model: header.model }),
      ...(header.budget && { budget: header.budget }),
    };
  }

  /** The bundle this run packed, for `store` once it is written. */
  made(bundle: Bundle): void {
    if (this.key !== undefined) this.bundle = bundle;
  }

  /**
   * Keeps the bundle this run packed, as writeBundle wrote it (`written`: its list, the overview
   * first). True when a bundle was stored. A cache that cannot be written only means the next
   * run packs again.
   */
  store(written: readonly string[]): boolean {
    const { bundle, key } = this;
    if (!bundle || key === undefined) return false;
    const chunkFiles = written.slice(1);
    if (chunkFiles.length !== bundle.chunks.length) return false;
    const folder = join(this.cache.dir, BUNDLES_FOLDER);
    const temp = join(folder, `.${key}.${randomBytes(6).toString('hex')}`);
    let fd: number | undefined;
    try {
      mkdirSync(folder, { recursive: true });
      const lengths = chunkFiles.map((path) => statSync(path).size);
      const header = serialize(headerOf(bundle, lengths));
      fd = openSync(temp, 'w');
      const length = Buffer.alloc(4);
      length.writeUInt32LE(header.length);
      writeAll(fd, length, null);
      writeAll(fd, header, null);
      const window = Buffer.allocUnsafe(WINDOW_BYTES);
      chunkFiles.forEach((path, index) =>
        copyInto(fd as number, path, lengths[index] as number, window),
      );
      closeSync(fd);
      fd = undefined;
      renameSync(temp, join(folder, key));
      return true;
    } catch {
      if (fd !== undefined) closeSync(fd);
      try {
        unlinkSync(temp);
      } catch {
        // never made
      }
      return false;
    }
  }

  close(): void {
    for (const fd of this.open.splice(0)) closeSync(fd);
  }
}

/** The run's key, or undefined when a selected file's stamp cannot be trusted (or it has none). */
export function runKey(build: string, input: RunInput, startedMs: number): string | undefined {
  const digest = createHash('sha256');
  digest.update(`${LAYOUT}\0${build}\0${input.kind}\0${input.sourceName}\0`);
  digest.update(canonicalText([input.options, input.skipped, input.context]));
  for (const entry of input.selected) {
    const stamp = entry.location?.kind === 'file' ? entry.location.stamp : undefined;
    if (!stamp || stamp.changedMs >= startedMs - RACY_MS) return undefined;
    digest.update(`${entry.path}\0${stamp.key}\0`);
  }
  return digest.digest('hex');
}

/**
 * The same text for the same values: JSON, with a Map or Set as the array of its entries and a
 * typed array as an array. (v8's serializer is no such text: it writes a string in one or two
 * bytes a character as the string happens to be stored, so equal inputs gave other keys.)
 */
export function canonicalText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Map || item instanceof Set) return [...item];
    if (ArrayBuffer.isView(item)) return Array.from(item as Uint8Array);
    return item;
  });
}

function headerOf(bundle: Bundle, lengths: readonly number[]): KeptHeader {
  return {
    overview: { fileName: bundle.overview.fileName, model: bundle.overview.model },
    chunks: bundle.chunks.map((chunk, index) => ({
      index: chunk.index,
      fileName: chunk.fileName,
      tokens: chunk.tokens,
      length: lengths[index] as number,
    })),
    files: bundle.files.map((file) => ({
      path: file.path,
      tokens: file.tokens,
      notes: file.notes,
      ...(file.level !== undefined && { level: file.level }),
      ...(file.levelReason !== undefined && { levelReason: file.levelReason }),
    })),
    skipped: bundle.skipped,
    notes: bundle.notes,
    statistics: bundle.statistics,
    secrets: bundle.secrets,
    ...(bundle.model && { model: bundle.model }),
    ...(bundle.budget && { budget: bundle.budget }),
  };
}

/** The header of a kept bundle and where its chunks' bytes start; throws unless whole. */
function readHeader(fd: number): { header: KeptHeader; start: number } {
  const size = fstatSync(fd).size;
  const length = readRange(fd, 0, 4).readUInt32LE(0);
  const header = deserialize(readRange(fd, 4, length)) as KeptHeader;
  const start = 4 + length;
  const total = header.chunks.reduce((sum, chunk) => sum + chunk.length, start);
  if (total !== size) throw new Error('a kept bundle of the wrong size');
  return { header, start };
}

/** Exactly `length` bytes of an open file from `offset`; throws when it holds fewer. */
function readRange(fd: number, offset: number, length: number): Buffer {
  const bytes = readAt(fd, offset, length, length);
  if (!bytes) throw new Error('a kept bundle ends early');
  return bytes;
}

/** Appends the file at `path`, which must hold exactly `length` bytes. */
function copyInto(fd: number, path: string, length: number, window: Buffer): void {
  const source = openSync(path, 'r');
  try {
    let copied = 0;
    for (;;) {
      const read = readAt(source, copied, 0, window.length, window);
      if (!read) throw new Error('a written chunk could not be read back');
      if (read.length === 0) break;
      copied += read.length;
      if (copied > length) break;
      writeAll(fd, read, null);
    }
    if (copied !== length) throw new Error('a written chunk changed while it was kept');
  } finally {
    closeSync(source);
  }
}
