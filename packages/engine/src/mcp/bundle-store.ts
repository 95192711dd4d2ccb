import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle, BundleStatistics } from '../core/assemble-bundle.js';
import { createLimiter } from '../io/sources/limit-concurrency.js';
import { writeBundle } from '../io/write-bundle.js';
import { ToolInputError } from './tool-error.js';

/** Files written at once: a bundle of 100,000 files must not open them all together. */
const WRITE_CONCURRENCY = 8;

/** One file of a stored bundle: what list_bundle_files shows and where its text is kept. */
export interface StoredFile {
  readonly path: string;
  readonly language: string;
  readonly lines: number;
  readonly tokens: number;
  /** Chunks holding (part of) the file, 1-based. */
  readonly chunks: readonly number[];
  /** The processed text, relative to the bundle's folder. */
  readonly stored: string;
}

export interface StoredChunk {
  readonly index: number;
  readonly fileName: string;
  readonly tokens: number;
  readonly files: number;
}

/** A packed bundle of this session: its figures in memory, its texts in the session folder. */
export interface StoredBundle {
  readonly id: string;
  readonly source: string;
  readonly folder: string;
  readonly extension: string;
  readonly overviewFile: string;
  readonly chunks: readonly StoredChunk[];
  readonly files: readonly StoredFile[];
  readonly statistics: BundleStatistics;
}

/**
 * The bundles packed in one MCP session, by id. They live in a temporary folder that belongs to
 * the session and is removed with it (`removeAll`), so nothing is left behind on disk.
 */
export class BundleStore {
  private readonly bundles = new Map<string, StoredBundle>();

  private constructor(readonly folder: string) {}

  static async open(): Promise<BundleStore> {
    return new BundleStore(await mkdtemp(join(tmpdir(), 'repobundle-mcp-')));
  }

  async save(bundle: Bundle, source: string): Promise<StoredBundle> {
    const id = this.newId();
    const folder = join(this.folder, id);
    await writeBundle(bundle, folder);
    await mkdir(join(folder, 'files'));
    const chunksOf = new Map<string, number[]>();
    for (const chunk of bundle.chunks) {
      for (const piece of chunk.pieces) {
        const list = chunksOf.get(piece.path) ?? [];
        if (list[list.length - 1] !== chunk.index) list.push(chunk.index);
        chunksOf.set(piece.path, list);
      }
    }
    const limit = createLimiter(WRITE_CONCURRENCY);
    const files = await Promise.all(
      bundle.files.map(async (file, position): Promise<StoredFile> => {
        const stored = join('files', `${String(position + 1).padStart(6, '0')}.txt`);
        await limit(() => writeFile(join(folder, stored), file.content));
        return {
          path: file.path,
          language: file.language,
          lines: file.lines,
          tokens: file.tokens,
          chunks: chunksOf.get(file.path) ?? [],
          stored,
        };
      }),
    );
    const stored: StoredBundle = {
      id,
      source,
      folder,
      extension: bundle.overview.fileName.slice(bundle.overview.fileName.lastIndexOf('.') + 1),
      overviewFile: bundle.overview.fileName,
      chunks: bundle.chunks.map((chunk) => ({
        index: chunk.index,
        fileName: chunk.fileName,
        tokens: chunk.tokens,
        files: new Set(chunk.pieces.map((piece) => piece.path)).size,
      })),
      files,
      statistics: bundle.statistics,
    };
    this.bundles.set(id, stored);
    return stored;
  }

  /** The bundle of that id, or a ToolInputError naming the ids there are. */
  get(id: string): StoredBundle {
    const bundle = this.bundles.get(id);
    if (bundle) return bundle;
    const known = [...this.bundles.keys()];
    throw new ToolInputError(
      known.length === 0
        ? `No bundle "${id}": nothing has been packed in this session yet; call pack_codebase first.`
        : `No bundle "${id}" in this session; the bundles are: ${known.join(', ')}.`,
    );
  }

  list(): StoredBundle[] {
    return [...this.bundles.values()];
  }

  readOverview(bundle: StoredBundle): Promise<string> {
    return readFile(join(bundle.folder, bundle.overviewFile), 'utf8');
  }

  readChunk(bundle: StoredBundle, index: number): Promise<string> {
    const chunk = bundle.chunks[index - 1];
    if (!chunk) {
      throw new ToolInputError(
        `Bundle ${bundle.id} has ${bundle.chunks.length} chunk${bundle.chunks.length === 1 ? '' : 's'}; there is no chunk ${index}.`,
      );
    }
    return readFile(join(bundle.folder, 'chunks', chunk.fileName), 'utf8');
  }

  /** The file's processed text (as packed: comments removed, secrets redacted when asked). */
  readFile(file: StoredFile, bundle: StoredBundle): Promise<string> {
    return readFile(join(bundle.folder, file.stored), 'utf8');
  }

  findFile(bundle: StoredBundle, path: string): StoredFile {
    const wanted = path.replace(/^\.?\/+/, '');
    const file = bundle.files.find((entry) => entry.path === wanted);
    if (file) return file;
    const name = wanted.slice(wanted.lastIndexOf('/') + 1);
    const similar = bundle.files
      .filter((entry) => entry.path.endsWith(`/${name}`) || entry.path === name)
      .slice(0, 5)
      .map((entry) => entry.path);
    throw new ToolInputError(
      `Bundle ${bundle.id} has no file "${path}"${similar.length > 0 ? `; did you mean ${similar.join(', ')}?` : '; list_bundle_files lists its paths.'}`,
    );
  }

  /** Removes the session folder; synchronous so it can run in a process 'exit' handler. */
  removeAll(): void {
    this.bundles.clear();
    rmSync(this.folder, { recursive: true, force: true, maxRetries: 3 });
  }

  private newId(): string {
    for (;;) {
      const id = `b-${randomBytes(4).toString('hex')}`;
      if (!this.bundles.has(id)) return id;
    }
  }
}
