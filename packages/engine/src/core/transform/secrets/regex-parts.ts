// Building blocks for rule patterns. Rules are compiled without the `i` flag (token alphabets are
// case-sensitive); names that may be written in any case go through `anyCase`.

/** Not preceded by a token character: the match starts a token. */
export const START = String.raw`(?<![A-Za-z0-9_\-+/])`;
/** Not followed by a token character: the match ends a token. */
export const END = String.raw`(?![A-Za-z0-9_\-])`;

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** `aws` -> `[aA][wW][sS]`: one word matched in any case inside a case-sensitive pattern. */
export function anyCase(word: string): string {
  return [...word]
    .map((char) => {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      return lower === upper ? escapeRegex(char) : `[${lower}${upper}]`;
    })
    .join('');
}

/** A token that starts with a fixed prefix: `START prefix body END`, the whole token captured. */
export function prefixed(prefix: string, body: string): RegExp {
  return new RegExp(`${START}(${escapeRegex(prefix)}${body})${END}`);
}

/** Words matched in order, any case, with up to 24 name characters between them. */
export function words(...names: readonly string[]): string {
  return names.map(anyCase).join(String.raw`[\w.\-]{0,24}?`);
}

/**
 * `<name...> = <value>` in any common syntax (env, YAML, JSON, code, CLI flags, headers): the
 * name matches the `name` source (see `words`), the value matches `value` and is captured.
 */
export function assigned(name: string, value: string): RegExp {
  return new RegExp(
    String.raw`(?:${name})[\w.\-]{0,32}?["'\]]{0,2}\s{0,4}(?::=|=>|=|:(?=[\s"'\x60])|\s)\s{0,4}["'\x60]?(${value})${END}`,
  );
}

/** One pattern matching any of the given ones; the first group that took part is the secret. */
export function anyOf(...patterns: readonly RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
}

export const HEX = '[0-9a-f]';
export const UUID = String.raw`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`;
