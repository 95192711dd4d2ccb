import { yamlString } from './yaml-scalar.js';

export type YamlValue =
  string | number | boolean | null | readonly YamlValue[] | { readonly [key: string]: YamlValue };

function isScalar(value: YamlValue): value is string | number | boolean | null {
  return value === null || typeof value !== 'object';
}

/**
 * A scalar in value position. `column` is the column of the key or `-` that owns it: block
 * literals and folded lines are indented two spaces past it.
 */
function scalar(value: string | number | boolean | null, column: number): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return yamlString(value, column + 2);
  return String(value);
}

/** Lists of numbers stay on one line (`[1, 2]`); everything else is block style. */
function isNumberList(value: readonly YamlValue[]): boolean {
  return value.length > 0 && value.every((item) => typeof item === 'number');
}

/** `key:` followed by its value, for a mapping whose keys start at `column`. */
function emitEntry(key: string, value: YamlValue, column: number): string {
  const head = `${yamlString(key, column + 2)}:`;
  if (isScalar(value)) return `${head} ${scalar(value, column)}\n`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `${head} []\n`;
    if (isNumberList(value)) return `${head} [${value.join(', ')}]\n`;
    // A sequence may sit at its key's column: `files:\n- path: a`. Saves two spaces a line.
    return `${head}\n${emitSequence(value, column)}`;
  }
  const entries = Object.entries(value as { readonly [key: string]: YamlValue });
  if (entries.length === 0) return `${head} {}\n`;
  return `${head}\n${emitMapping(value as { readonly [key: string]: YamlValue }, column + 2)}`;
}

/** A block mapping with its keys at `column`; the first key may already have its indentation written. */
export function emitMapping(
  value: { readonly [key: string]: YamlValue },
  column: number,
  firstIndented = false,
): string {
  const pad = ' '.repeat(column);
  return Object.entries(value)
    .map(
      ([key, item], index) =>
        (index === 0 && firstIndented ? '' : pad) + emitEntry(key, item, column),
    )
    .join('');
}

/** A block sequence with its dashes at `column`. */
export function emitSequence(items: readonly YamlValue[], column: number): string {
  const pad = ' '.repeat(column);
  return items
    .map((item) => {
      if (isScalar(item)) return `${pad}- ${scalar(item, column)}\n`;
      if (Array.isArray(item)) {
        return item.length === 0 ? `${pad}- []\n` : `${pad}-\n${emitSequence(item, column + 2)}`;
      }
      const mapping = item as { readonly [key: string]: YamlValue };
      if (Object.keys(mapping).length === 0) return `${pad}- {}\n`;
      // A compact mapping: its first key follows the dash, the rest line up with it.
      return `${pad}- ${emitMapping(mapping, column + 2, true)}`;
    })
    .join('');
}

/** A whole document from a top-level mapping. */
export function emitYamlDocument(value: { readonly [key: string]: YamlValue }): string {
  return emitMapping(value, 0);
}
