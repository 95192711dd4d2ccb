/**
 * One credential type the redactor knows. `id` is the marker type (`[REDACTED:<id>]`) and the key
 * of the per-file counts; it names the credential, never its value.
 */
export interface SecretRule {
  readonly id: string;
  readonly description: string;
  /**
   * Matches the credential. The secret is the last capture group that took part in the match,
   * or the whole match when none did; only those characters are replaced.
   * Compiled with the `g` and `d` flags added (see compileRule).
   */
  readonly pattern: RegExp;
  /**
   * Lower-case strings of which at least one occurs (case-insensitively) on the line of every
   * match, or in the text for multiline rules: the prefilter runs a rule only where one does.
   */
  readonly keywords: readonly string[];
  /** Replaces the whole match even when the pattern has groups (blocks found by backreference). */
  readonly redactWholeMatch?: boolean;
  /** Runs over the whole text (private key blocks) instead of the lines its keywords are on. */
  readonly multiline?: boolean;
  /** Minimum Shannon entropy of the secret, in bits per character. */
  readonly minEntropy?: number;
  /**
   * `format` (default): reject example values (EXAMPLE, xxxx, runs, sequences, <...>, ${...}).
   * `words`: only the example words, for base64 of binary data where runs occur naturally.
   * `assignment`: also reject values that read as words, names, paths, env references or test
   * data; for rules that trust only the variable's name. `none`: the validator decides.
   */
  readonly placeholders?: 'format' | 'words' | 'assignment' | 'none';
  /**
   * When a match of this rule is rejected (stand-in, bad checksum, sample token), later rules may
   * not report the same characters either. True unless set false (name-based rules, which reject
   * for reasons about the name rather than the value).
   */
  readonly rejectionIsFinal?: boolean;
  /**
   * Last check on the secret (decodable structure, context). `match.input` is the line the
   * match is on (the whole text for multiline rules); `file` says what kind of file it is.
   */
  readonly validate?: (secret: string, match: RegExpExecArray, file: ScannedFile) => boolean;
  /**
   * How sure the finding is, for formats with a built-in check (a checksum): `low` when the
   * check fails. A failed check never keeps a value out of the redaction (a mistyped or cut
   * token may still work, and a made-up one costs a reader little); it is only reported.
   * Absent: `high`.
   */
  readonly confidence?: (secret: string) => Confidence;
}

export type Confidence = 'high' | 'low';

/** What the scanner knows about the file beyond its text. */
export interface ScannedFile {
  /** The file's path in the bundle, when known. */
  readonly path?: string;
  /**
   * A configuration syntax (YAML, INI, .env, properties, TOML, netrc, ...): an unquoted value
   * after `key =` or `key:` is a value there, not a variable or an expression as in code.
   */
  readonly configSyntax: boolean;
}

/** A rule ready to run: its pattern global, with match indices, and its position (priority). */
export interface CompiledRule extends SecretRule {
  readonly index: number;
  readonly matcher: RegExp;
}

export function compileRule(rule: SecretRule, index: number): CompiledRule {
  const flags = new Set([...rule.pattern.flags, 'g', 'd']);
  flags.delete('y');
  return { ...rule, index, matcher: new RegExp(rule.pattern.source, [...flags].join('')) };
}
