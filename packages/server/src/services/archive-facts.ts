import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { replaceFile, type ArchiveFiles, type ZipListing } from '@repobundle/engine';
import { listingBytes, listingFrom } from './zip-listing-bytes.js';

/** What one read of an archive entry tells: its content digest and its lines. */
export interface EntryFacts {
  readonly digest: string;
  readonly lines: number;
}

/**
 * What inspecting an archive learned of its files, kept in the account's result cache under the
 * digest of the whole archive: a second job on the same archive (other options, another
 * selection) reads only the entries no earlier inspection read.
 *
 * Keyed by the SHA-256 of the archive's bytes (for an upload kept in parts, the digest of its
 * parts' SHA-256s: see partsDigest), never by what the ZIP says of an entry (name,
 * CRC-32, sizes): whoever makes the archive chooses those, and facts found under a forged CRC
 * would undercount the lines that credits are charged for.
 */
export interface ArchiveFacts {
  /** Facts of entries an earlier inspection of these bytes read, by path. */
  readonly known: ReadonlyMap<string, EntryFacts>;
  /** The archive's judged directory, when an earlier inspection of these bytes kept it. */
  readonly listing?: ZipListing;
  /**
   * Adds what this inspection read, and the listing when none was kept; a folder that cannot be
   * written is skipped.
   */
  save(learned: ReadonlyMap<string, EntryFacts>, listing?: ZipListing): void;
}

/** path -> [content digest, lines] */
type Stored = Map<string, readonly [string, number]>;

/** The archive's listing lies beside its facts, in a file of this suffix. */
const LISTING_SUFFIX = '.listing';

/** Changes when what is stored, or how it is computed, changes: older files are never read. */
const FACTS_VERSION = 'archive-facts-1';

/** The facts kept for the archive known by `archiveDigest` (see InspectionAids.archiveDigest). */
export async function openArchiveFacts(
  archiveDigest: string,
  cacheDir: string,
): Promise<ArchiveFacts> {
  const name = createHash('sha256')
    .update(FACTS_VERSION)
    .update('\0')
    .update(archiveDigest)
    .digest('hex');
  const file = join(cacheDir, 'archives', name);
  const listingFile = `${file}${LISTING_SUFFIX}`;
  const [stored, listing] = await Promise.all([
    readStored(file),
    readFile(listingFile).then(listingFrom, () => undefined),
  ]);
  const known = new Map<string, EntryFacts>();
  for (const [path, [digest, lines]] of stored) known.set(path, { digest, lines });
  return {
    known,
    ...(listing && { listing }),
    save(learned, made) {
      if (made && !listing) replaceFile(listingFile, listingBytes(made));
      if (learned.size === 0) return;
      const next: Stored = new Map(stored);
      for (const [path, { digest, lines }] of learned) next.set(path, [digest, lines]);
      replaceFile(file, serialize(next));
    },
  };
}

/** The SHA-256 (hex) of an archive's bytes (of its parts, in order, for one kept in parts). */
export async function fileDigest(file: ArchiveFiles): Promise<string> {
  const hash = createHash('sha256');
  for (const path of typeof file === 'string' ? [file] : file.parts) {
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }))
      hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** The stored facts; a missing, unreadable or malformed file is none (the entries are read). */
async function readStored(file: string): Promise<Stored> {
  let value: unknown;
  try {
    value = deserialize(await readFile(file));
  } catch {
    return new Map();
  }
  if (!(value instanceof Map)) return new Map();
  for (const [path, facts] of value as Map<unknown, unknown>) {
    if (!isStoredFacts(path, facts)) return new Map();
  }
  return value as Stored;
}

function isStoredFacts(path: unknown, facts: unknown): boolean {
  return (
    typeof path === 'string' &&
    Array.isArray(facts) &&
    facts.length === 2 &&
    typeof facts[0] === 'string' &&
    /^[0-9a-f]{64}$/.test(facts[0]) &&
    Number.isSafeInteger(facts[1]) &&
    (facts[1] as number) >= 0
  );
}
