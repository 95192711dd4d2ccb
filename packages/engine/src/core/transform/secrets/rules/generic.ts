import { decodeBase64 } from '../checksums.js';
import { shannonEntropy } from '../entropy.js';
import { isNotAssignedSecret, meanWordLength } from '../placeholders.js';
import type { SecretRule } from '../secret-rule.js';
import { END, START, escapeRegex } from '../regex-parts.js';
import { PUBLIC_VALUE, namesCredential } from './secret-names.js';

/** `a_b`, `a-b`, `a.b`, `ab` for each pair: how one name is spelled across languages. */
function spellings(...pairs: readonly (readonly [string, string])[]): string[] {
  return pairs.flatMap(([a, b]) => ['_', '-', '.', ''].map((sep) => `${a}${sep}${b}`));
}

interface Family {
  readonly id: string;
  readonly description: string;
  readonly names: readonly string[];
  readonly minLength: number;
  readonly minEntropy: number;
}

/**
 * `<name containing a keyword> <op> <value>`: quoted value (groups 2-4), unquoted value (5) or
 * an XML element body (6); group 1 is the name's tail after the keyword.
 */
function assignmentPattern(names: readonly string[]): RegExp {
  const keyword = [...names]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.-]/g, '\\$&'))
    .join('|');
  return new RegExp(
    String.raw`(?:${keyword})([A-Za-z0-9_.\-]{0,40})(?:["'\]]{0,2}\s{0,4}(?::=|=>|=|:(?=[\s"'\x60]))\s{0,4}(?:"((?:[^"\\\r\n]|\\.){1,256})"|'((?:[^'\\\r\n]|\\.){1,256})'|\x60([^\x60\r\n$]{1,256})\x60|([^\s"'\x60,;&<>|]{1,256}))|>([^<\s]{1,256})</)`,
    'i',
  );
}

/**
 * A name rather than a value: an identifier made of word-long letter runs (`SensitiveString2048`,
 * `PrivateKeyFlagsV4`, `__string`), where random tokens switch case and digits every few letters.
 */
export function isIdentifierLike(value: string): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return meanWordLength(value) >= 3.5 && digits <= value.length * 0.3;
}

/**
 * An unquoted value that is code: a type name, a call, a generic, a chained assignment
 * (`a=b.c=d` in minified code), a ternary, or a `$` name (`Token$1<T>`).
 */
function isCodeAfterAssignment(value: string, match: RegExpExecArray): boolean {
  const next = match.input[match.index + match[0].length] ?? '';
  return next === '<' || next === '(' || /\$|=[^=]|[?:]/.test(value) || isIdentifierLike(value);
}

const spelledOut = new Map<Family, RegExp>();

function spellsOutName(family: Family): RegExp {
  let pattern = spelledOut.get(family);
  if (!pattern) {
    pattern = new RegExp(
      `(?:^|[^a-z])(?:${family.names.map(escapeRegex).join('|')})(?![a-z])`,
      'i',
    );
    spelledOut.set(family, pattern);
  }
  return pattern;
}

function isLikelySecret(value: string, family: Family): boolean {
  // Whitespace or non-ASCII means prose or a message (UI strings, translations), not a credential.
  if (
    !/^[\x21-\x7e]+$/.test(value) ||
    value.length < family.minLength ||
    isNotAssignedSecret(value)
  )
    return false;
  // A value that spells out what it is ("term-token-...", "my_secret_value") is a stand-in.
  if (spellsOutName(family).test(value)) return false;
  if (shannonEntropy(value) < family.minEntropy) return false;
  if (family.id === 'generic-password')
    return /[^A-Za-z]/.test(value.slice(1)) || /[A-Z]/.test(value.slice(1));
  return /\d/.test(value) || value.length >= 24;
}

function assignmentRule(family: Family): SecretRule {
  return {
    id: family.id,
    description: family.description,
    keywords: family.names.map((name) => name.toLowerCase()),
    pattern: assignmentPattern(family.names),
    placeholders: 'none',
    rejectionIsFinal: false,
    validate: (secret, match, file) => {
      const tailStart = match.indices?.[1]?.[0] ?? match.index;
      const keyword = match[0].slice(0, tailStart - match.index);
      const before = match.input.slice(Math.max(0, match.index - 40), match.index);
      const head = /[A-Za-z0-9_.-]*$/.exec(before)?.[0] ?? '';
      return (
        namesCredential(head, keyword, match[1] ?? '', family.id === 'generic-token') &&
        !PUBLIC_VALUE.test(secret) &&
        // In code an unquoted value is an expression; in a config file it is the value itself.
        !(match[5] !== undefined && !file.configSyntax && isCodeAfterAssignment(secret, match)) &&
        isLikelySecret(secret, family)
      );
    },
  };
}

function isJsonObject(segment: string): Record<string, unknown> | undefined {
  const decoded = decodeBase64(segment);
  if (decoded === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(decoded);
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A signed JWT: a JSON header with an algorithm, a JSON payload, and not jwt.io's sample. */
function isSignedJwt(token: string): boolean {
  const [header, payload] = token.split('.');
  const head = isJsonObject(header ?? '');
  const body = isJsonObject(payload ?? '');
  if (!head || !body || typeof head.alg !== 'string' || head.alg.toLowerCase() === 'none')
    return false;
  return !(body.sub === '1234567890' && body.name === 'John Doe');
}

/** `Authorization: Basic base64(user:password)` with a real-looking password. */
function isBasicCredential(encoded: string): boolean {
  const decoded = decodeBase64(encoded);
  const colon = decoded?.indexOf(':') ?? -1;
  if (decoded === undefined || colon < 1 || !/^[\x20-\x7e]+$/.test(decoded)) return false;
  return !isNotAssignedSecret(decoded.slice(colon + 1), decoded.slice(0, colon));
}

/** Structural and name-based rules: JWTs, auth headers, and secret-named assignments. */
export const GENERIC_RULES: readonly SecretRule[] = [
  {
    id: 'jwt',
    description: 'JSON Web Token (signed)',
    keywords: ['eyj'],
    pattern: new RegExp(
      `${START}(eyJ[A-Za-z0-9_\\-]{10,2048}\\.eyJ[A-Za-z0-9_\\-]{10,8192}\\.[A-Za-z0-9_\\-]{16,1024})${END}`,
    ),
    placeholders: 'none',
    validate: isSignedJwt,
  },
  {
    id: 'bearer-token',
    description: 'Bearer token in an Authorization header or call',
    keywords: ['bearer'],
    pattern: /[Bb]earer\s+([A-Za-z0-9_\-.~+/]{16,2048}=*)/,
    placeholders: 'none',
    validate: (secret) =>
      !isNotAssignedSecret(secret) && /\d/.test(secret) && shannonEntropy(secret) >= 3.2,
  },
  {
    id: 'basic-auth-header',
    description: 'HTTP Basic credentials in an Authorization header',
    keywords: ['basic '],
    pattern: /[Bb]asic\s+([A-Za-z0-9+/]{8,512}={0,2})(?![A-Za-z0-9+/=])/,
    placeholders: 'none',
    validate: (secret, match) => /auth/i.test(match.input) && isBasicCredential(secret),
  },
  assignmentRule({
    id: 'generic-password',
    description: 'password assigned to a password-named variable, key or flag',
    names: ['password', 'passwd', 'passphrase', 'pwd', 'pass'],
    minLength: 6,
    minEntropy: 2.3,
  }),
  assignmentRule({
    id: 'generic-secret',
    description: 'high-entropy value assigned to a secret-named variable or key',
    names: [
      'secret',
      ...spellings(
        ['private', 'key'],
        ['signing', 'key'],
        ['encryption', 'key'],
        ['master', 'key'],
      ),
    ],
    minLength: 12,
    minEntropy: 3,
  }),
  assignmentRule({
    id: 'generic-api-key',
    description: 'high-entropy value assigned to an API-key-named variable or key',
    names: spellings(
      ['api', 'key'],
      ['access', 'key'],
      ['app', 'key'],
      ['auth', 'key'],
      ['client', 'key'],
    ),
    minLength: 12,
    minEntropy: 3,
  }),
  assignmentRule({
    id: 'generic-token',
    description: 'high-entropy value assigned to a token-named variable or key',
    names: ['token'],
    minLength: 12,
    minEntropy: 3,
  }),
];
