import type { PackLevel } from '@repobundle/contract/models';
import type { OutputFormat } from '../config/options.js';
import type { ImportReference } from './budget/imports/import-reference.js';
import type { SyntaxOutline } from './syntax/outline.js';

/**
 * The data that flows through the pipeline. Paths are always POSIX-style, relative to the
 * source root, without a leading `./` or `/`.
 */

/** One file of a source tree; content is read lazily so that a large archive is never held whole. */
export interface SourceEntry {
  readonly path: string;
  /** Uncompressed size in bytes, as declared by the source. */
  readonly size: number;
  read(): Promise<Uint8Array>;
  /**
   * Where the bytes are, as plain data, when a worker thread can read them itself: the thread
   * that plans and renders then does no file I/O and never holds raw bytes.
   */
  readonly location?: EntryLocation;
}

export type EntryLocation =
  | {
      readonly kind: 'file';
      readonly file: string;
      /** The size the folder's listing found (see readLocatedEntry). */
      readonly size?: number;
      /**
       * What the file's status said when the folder was listed (size, change and modification
       * times, inode): a file whose stamp is unchanged since an earlier run kept its bytes.
       */
      readonly stamp?: FileStamp;
    }
  | ({
      readonly kind: 'zip';
      /** The archive file, or for an archive kept in parts the parts that hold this entry. */
      readonly archive: string | readonly ArchivePart[];
    } & ZipEntryLocation);

/** One part of an archive kept in parts: its file and where its bytes start in the whole. */
export interface ArchivePart {
  readonly path: string;
  readonly start: number;
  readonly size: number;
}

export interface FileStamp {
  readonly key: string;
  /** The later of the change and modification times (ms). */
  readonly changedMs: number;
}

/** One ZIP entry as the central directory describes it (checked before any read). */
export interface ZipEntryLocation {
  readonly localHeaderOffset: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly crc32: number;
}

export interface SourceTree {
  /** What the user named: a folder name, an archive name. Shown in the overview. */
  readonly name: string;
  readonly kind: 'directory' | 'zip' | 'memory' | 'git';
  /** Files only (no directory entries), in a stable order. */
  readonly entries: readonly SourceEntry[];
  /**
   * Folders a directory source did not descend into because selection excludes them wholesale
   * (node_modules, .git...). Selection reports each one as skipped, once, with its reason.
   */
  readonly prunedDirectories?: readonly string[];
  /** A ZIP's judged directory, to open the same bytes again without judging it (ZipListing). */
  readonly listing?: ZipListing;
  /** Releases file handles; safe to call twice. */
  close(): Promise<void>;
}

/**
 * What judging a ZIP's central directory found: its files and where each lies, for the archive
 * of exactly `archiveBytes` bytes. Given back with the same bytes, it opens the archive without
 * reading and judging the directory again (a server judges an upload when the job is made, then
 * packs it: 23,625 entries take 150 to 250 ms to judge).
 */
export interface ZipListing {
  readonly archiveBytes: number;
  readonly files: readonly (readonly [path: string, location: ZipEntryLocation])[];
}

/** Why a file of the source did not make it into the bundle. */
export type SkipReason =
  | { kind: 'not-selected' }
  | { kind: 'excluded-folder'; folder: string }
  | { kind: 'excluded-file'; rule: string }
  | { kind: 'gitignored'; pattern: string; source: string }
  | { kind: 'custom-exclude'; pattern: string }
  | { kind: 'not-included'; patterns: readonly string[] }
  | { kind: 'binary'; by: 'extension' | 'content' }
  | { kind: 'too-large'; size: number; limit: number }
  | { kind: 'undecodable'; detail: string }
  | { kind: 'invalid-notebook'; detail: string }
  | { kind: 'read-failed'; detail: string }
  | { kind: 'processing-failed'; detail: string };

export interface SkippedFile {
  readonly path: string;
  readonly reason: SkipReason;
}

/** How many findings of one credential type a file holds, at one confidence. */
export interface SecretCount {
  readonly type: string;
  /** `low`: the value has the format but fails its own check (a checksum), or only the name says so. */
  readonly confidence: 'high' | 'low';
  readonly count: number;
}

/** A file after decode and transforms: the text that goes into the output, with its counts. */
export interface ProcessedFile {
  readonly path: string;
  /** Language id guessed from the name (e.g. `typescript`), used for fences and analytics. */
  readonly language: string;
  readonly content: string;
  readonly lines: number;
  readonly tokens: number;
  /**
   * Token prefix sums by line: `linePrefix[k]` is the number of tokens before line k (0-based),
   * so `linePrefix[lines]` equals `tokens`. Lets chunking price any line range in O(1).
   */
  readonly linePrefix: Uint32Array;
  /**
   * Inside lines too long for most chunks: pre-token boundaries of the line taken alone, as
   * [offset in `content`, tokens from the line's start] pairs in offset order, so that cutting
   * such a line tokenizes a few hundred tokens of it instead of a whole chunk's worth.
   */
  readonly lineMarks?: Uint32Array;
  readonly originalBytes: number;
  /** Per-file notes that did not stop processing (e.g. "comments kept: parse failed"). */
  readonly notes: readonly string[];
  /** Redaction counts by type, when redaction ran. */
  readonly redactions?: Readonly<Record<string, number>>;
  /**
   * Likely secrets found, by type and confidence, whether or not they were redacted (detection
   * always runs). Absent when none was found. Never holds a secret's value.
   */
  readonly secrets?: readonly SecretCount[];
  /** Syntax structure of `content`, when the strategy needs it and a grammar parsed the file. */
  readonly outline?: SyntaxOutline;
  /**
   * The imports read from the syntax tree of `content`, when packing to a budget asked for them
   * and a grammar parsed the file; absent otherwise (ranking then reads imports by pattern).
   */
  readonly imports?: readonly ImportReference[];
  /** When packing to a budget: how much of the file was kept, and why it was degraded. */
  readonly level?: PackLevel;
  readonly levelReason?: string;
  /** The delimiter runs of `content`, measured by the file stage (see render/piece-runs.ts). */
  readonly runs?: ContentRuns;
  /**
   * Token prefix sums of `content`'s lines as a format that escapes content writes them (see
   * chunk/line-prices.ts), when the thread that processed the file was asked for them: pricing
   * every line is a second tokenization of the file, done on the threads while the run's other
   * files are still read. Not kept in the result cache.
   */
  readonly linePrices?: {
    readonly format: OutputFormat;
    readonly prices: Uint32Array;
    /** The line price memo's key for them, when the run keeps a memo (see LinePriceMemo). */
    readonly key?: string;
  };
}

/** The longest runs in a text that an md fence or a txt marker must be longer than. */
export interface ContentRuns {
  /** The length of the text measured (UTF-16 code units). */
  readonly length: number;
  /** The longest run of backticks anywhere in it. */
  readonly backticks: number;
  /** The longest run of `=` that starts a line. */
  readonly equalsAtLineStart: number;
}

/** A contiguous line range of one file inside a chunk. Lines are 1-based and inclusive. */
export interface ChunkPiece {
  readonly path: string;
  readonly language: string;
  readonly startLine: number;
  readonly endLine: number;
  /** 1-based part number when the file is split across chunks, else 1 of 1. */
  readonly part: number;
  readonly partCount: number;
  readonly content: string;
  /** UTF-16 offset of `content` in the processed file, when the chunker made the piece. */
  readonly offset?: number;
  /** True when the cut before and after this piece fell on a file or syntax boundary. */
  readonly startsOnBoundary: boolean;
  readonly endsOnBoundary: boolean;
  /** Enclosing definitions, outermost first ("class Foo", "method bar"), when known. */
  readonly context?: readonly string[];
  /** With a token budget, when the file is cut below full: the header says so. */
  readonly level?: Exclude<PackLevel, 'full' | 'path_only'>;
  /** The delimiter runs of `content`, when the piece holds its file whole (see ProcessedFile). */
  readonly runs?: ContentRuns;
}

export interface Chunk {
  /** 1-based. */
  readonly index: number;
  readonly pieces: readonly ChunkPiece[];
}

/** A chunk after rendering, with its exact token count as rendered. */
export interface RenderedChunk {
  readonly index: number;
  readonly fileName: string;
  readonly text: string;
  /** The text in parts (their concatenation is `text`), rendered without joining them. */
  textParts(): readonly string[];
  readonly tokens: number;
  readonly pieces: readonly ChunkPiece[];
}

/** One commit of the log the overview lists (--include-logs). */
export interface GitCommit {
  readonly hash: string;
  /** Author date, ISO 8601. */
  readonly date: string;
  readonly author: string;
  readonly message: string;
  /** Files the commit changed, relative to the folder packed. */
  readonly files: readonly string[];
}

/** Git context of a work tree, shown as extra sections of the overview. */
export interface GitContext {
  /** Staged changes and changes of the working tree not yet staged, as unified diffs. */
  readonly diffs?: { readonly staged: string; readonly workingTree: string };
  /** The last commits, newest first. */
  readonly logs?: readonly GitCommit[];
}
