import { useCallback, useEffect, useState } from 'react';
import { MAX_FILE_BYTES } from './eligibility.js';
import { readZipEntry } from '../zip/read-zip-entry.js';
import type { ZipEntry } from '../zip/read-central-directory.js';

/** Files above the per-file cap are previewed from their first megabyte only. */
const HEAD_BYTES = 1024 * 1024;

export type EntryContent =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'binary' }
  | { status: 'ready'; text: string; truncated: boolean };

const decoder = new TextDecoder('utf-8');

function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/** Decompresses the previewed entry on demand; a new file or Retry reads again. */
export function useEntryContent(archive: Blob, entry: ZipEntry | null) {
  const [content, setContent] = useState<EntryContent>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!entry) {
      setContent({ status: 'idle' });
      return;
    }
    let cancelled = false;
    setContent({ status: 'loading' });
    const limit = entry.size > MAX_FILE_BYTES ? HEAD_BYTES : MAX_FILE_BYTES;
    readZipEntry(archive, entry, limit).then(
      ({ bytes, truncated }) => {
        if (cancelled) return;
        if (looksBinary(bytes)) setContent({ status: 'binary' });
        else setContent({ status: 'ready', text: decoder.decode(bytes), truncated });
      },
      (error: unknown) => {
        if (cancelled) return;
        setContent({
          status: 'error',
          message: error instanceof Error ? error.message : 'the entry could not be read',
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [archive, entry, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { content, retry };
}
