import { clearDemoHandoffPending, markDemoHandoffPending } from '../../lib/demo-handoff-pending.js';
import { DEFAULT_OPTIONS, type UploadOptions } from './config/job-fields.js';

// What a visitor chose on /demo, kept in this browser while they sign up and verify: the archive
// itself (IndexedDB stores the File, nothing is uploaded), which files they left out, the
// languages switched on and the options. The upload page reads it back once and it is removed
// when the job is created or the archive is put aside.

const DATABASE = 'repobundle-demo';
const STORE = 'handoff';
const KEY = 'selection';
/** Older than this, a stored selection is stale: the visitor has moved on. */
export const HANDOFF_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface ExplorerSelection {
  /** Paths of eligible files the visitor unchecked (everything else stays checked). */
  unchecked: string[];
  /** The languages switched on in the filter. */
  languages: string[];
}

export interface DemoHandoff extends ExplorerSelection {
  file: File;
  options: UploadOptions;
  savedAt: number;
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = run(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB aborted'));
    });
  } finally {
    db.close();
  }
}

export async function saveDemoHandoff(handoff: Omit<DemoHandoff, 'savedAt'>): Promise<void> {
  await withStore('readwrite', (store) => store.put({ ...handoff, savedAt: Date.now() }, KEY));
  markDemoHandoffPending(Date.now());
}

export async function clearDemoHandoff(): Promise<void> {
  clearDemoHandoffPending();
  await withStore('readwrite', (store) => store.delete(KEY));
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The stored record, checked field by field: it comes from an earlier version of the page. */
function parseHandoff(value: unknown, now: number): DemoHandoff | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { file, unchecked, languages, options, savedAt } = record;
  if (!(file instanceof File) || !isStrings(unchecked) || !isStrings(languages)) return null;
  if (typeof savedAt !== 'number' || now - savedAt > HANDOFF_MAX_AGE_MS) return null;
  if (typeof options !== 'object' || options === null) return null;
  const merged = { ...DEFAULT_OPTIONS };
  for (const key of Object.keys(DEFAULT_OPTIONS) as (keyof UploadOptions)[]) {
    const saved = (options as Record<string, unknown>)[key];
    if (saved !== undefined && typeof saved === typeof DEFAULT_OPTIONS[key]) {
      (merged as Record<string, unknown>)[key] = saved;
    }
  }
  return { file, unchecked, languages, options: merged, savedAt };
}

/**
 * The selection saved on /demo, or null when the browser no longer has it (site data cleared,
 * private window closed, too old). Either way the pending flag is dropped only by the caller's
 * clear, once the selection has been used.
 */
export async function loadDemoHandoff(now: number = Date.now()): Promise<DemoHandoff | null> {
  try {
    return parseHandoff(await withStore<unknown>('readonly', (store) => store.get(KEY)), now);
  } catch (error) {
    console.error('Could not read the demo selection', error);
    return null;
  }
}
