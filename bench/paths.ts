import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every folder the bench touches, resolved once from this file's location. */
export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(BENCH_DIR, '..');
/** Git-ignored: downloaded tarballs, unpacked corpora and their ZIPs. */
export const CORPORA_DIR = path.join(BENCH_DIR, '.corpora');
export const TARBALL_DIR = path.join(CORPORA_DIR, 'tarballs');
/** Git-ignored: tool outputs and result files. */
export const OUT_DIR = path.join(BENCH_DIR, '.out');
/** Our CLI; BENCH_REPOBUNDLE_BIN points the bench at another build (e.g. to compare two). */
export const REPOBUNDLE_BIN =
  process.env.BENCH_REPOBUNDLE_BIN ??
  path.join(REPO_ROOT, 'packages', 'engine', 'bin', 'repobundle.js');
export const TOKENIZER_SCRIPT = path.join(BENCH_DIR, 'tokenizer.ts');
