import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';

/**
 * The Map a file of the result cache holds (written with node:v8's serialize), or an empty one
 * when the file is absent, damaged or holds something else: what such a file remembers only
 * saves work, so a lost one costs that work again, never a failed run.
 */
export function readStoredMap(file: string): Map<unknown, unknown> {
  try {
    const value: unknown = deserialize(readFileSync(file));
    return value instanceof Map ? (value as Map<unknown, unknown>) : new Map();
  } catch {
    return new Map();
  }
}
