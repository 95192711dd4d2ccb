import type { SourceEntry, SourceTree } from '../../core/types.js';
import { EngineError } from '../../errors.js';
import { normalizeEntryPath, sortByPath } from './entry-path.js';

export interface MemoryFile {
  readonly path: string;
  readonly content: string | Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Files held in memory (tests, pasted snippets). Paths follow the same rules as archive names,
 * so a caller cannot smuggle in `../x` that a ZIP would have been refused for.
 */
export function openMemorySource(name: string, files: readonly MemoryFile[]): SourceTree {
  const seen = new Set<string>();
  const entries: SourceEntry[] = files.map((file) => {
    const normalized = normalizeEntryPath(file.path);
    if (normalized.kind !== 'file') {
      throw new EngineError(
        'INVALID_OPTIONS',
        `"${file.path}" is not a relative file path (${normalized.kind}).`,
        file.path,
      );
    }
    if (seen.has(normalized.path)) {
      throw new EngineError('INVALID_OPTIONS', `"${normalized.path}" is listed twice.`, file.path);
    }
    seen.add(normalized.path);
    const bytes = typeof file.content === 'string' ? encoder.encode(file.content) : file.content;
    // A copy per read: a consumer that mutates its buffer must not change the source.
    return {
      path: normalized.path,
      size: bytes.byteLength,
      read: () => Promise.resolve(bytes.slice()),
    };
  });
  return { name, kind: 'memory', entries: sortByPath(entries), close: () => Promise.resolve() };
}
