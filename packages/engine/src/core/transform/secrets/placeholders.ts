// The false-positive policy (README.md): values that only stand in for a credential are not
// redacted. `isExampleValue` applies to every rule; `isNotAssignedSecret` adds what only makes
// sense when a variable's name is the whole evidence (generic assignments, connection strings).

const EXAMPLE_WORDS =
  /example|xxxx|placeholder|^your|your[_-]|dummy|sample|redacted|changeme|change[_-]me|replace[_-]?me|insert[_-]|notreal|not[_-]a[_-]real|fakefake|<[^>]*>|\$\{|\{\{|%\(|\*{3}|\.{3}|…/i;
const SEQUENCES = /0123456|1234567|abcdefgh|ABCDEFGH|qwertyui/;
/** Five equal characters in a row: padding and masks, not random output. */
const RUN = /(.)\1{4}/;

/** Values shaped like the format but obviously made up: docs, READMEs, templates. */
export function isExampleValue(value: string): boolean {
  return EXAMPLE_WORDS.test(value) || SEQUENCES.test(value) || RUN.test(value);
}

/** The example words alone, for base64 of binary data, where runs and sequences occur. */
export function hasExampleWords(value: string): boolean {
  return EXAMPLE_WORDS.test(value);
}

const COMMON_VALUES = new Set(
  [
    'password',
    'passwd',
    'pass',
    'secret',
    'token',
    'apikey',
    'api_key',
    'changeit',
    'admin',
    'root',
    'test',
    'testing',
    'default',
    'none',
    'null',
    'nil',
    'undefined',
    'true',
    'false',
    'empty',
    'string',
    'str',
    'required',
    'optional',
    'demo',
    'foo',
    'bar',
    'baz',
    'foobar',
    'qwerty',
    'letmein',
    'password1',
    'password123',
    'pass123',
    'secret123',
    'mysecret',
    'mypassword',
    's3cr3t',
    'p@ssw0rd',
    'p@ssword',
    'passw0rd',
    'username',
    'user',
    'guest',
    'postgres',
    'mysql',
    'redis',
    'mongo',
    'rabbitmq',
    'dev',
    'local',
    'localhost',
    'hunter2',
    'secretkey',
    'secret_key',
    'supersecret',
    'topsecret',
    'abc123',
    'access_token',
    'bearer',
  ].map((word) => word.toLowerCase()),
);

/** References to where the secret really lives (env, vault, templating), not the secret. */
const INDIRECTION =
  /^(?:\$[A-Za-z_{(]|%[A-Za-z_]+%|process\.env|import\.meta\.env|os\.environ|os\.getenv|getenv|env\(|ENV\[|System\.getenv|Deno\.env|secrets\.|vault:|ref\+|arn:aws:secretsmanager|!Ref|!Sub|@Value)/;
/** Test-data words; the short ones only as whole words, since random text contains them too. */
const TEST_WORDS =
  /test|mock|stub|fake|dummy|fixture|sample|invalid|wrong|bogus|(?:^|[^a-z])(?:foo|bar|baz)(?![a-z])/i;
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** A name, not a value: camelCase, PascalCase, snake/kebab words, dotted paths, no digits. */
const WORD_LIKE = /^\p{L}+(?:[_\-. ]\p{L}+)*$/u;
const CAMEL_CASE = /^[a-z]+(?:[A-Z][a-z]+)+$|^(?:[A-Z][a-z]+){2,}$/;
const PATH_OR_URL =
  /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\|[a-z][a-z0-9+.-]*:\/\/)|\.(?:pem|key|json|ya?ml|txt|env|crt|p12|pfx|jks)$/i;
/** A run of letters in a name: `SensitiveString2048` -> Sensitive, String. */
const LETTER_RUN = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g;

/**
 * Mean length of the letter runs: names are made of words (`SensitiveString2048`, `db.password`:
 * 4 and more), random tokens switch case and digits every letter or two.
 */
export function meanWordLength(value: string): number {
  const runs = value.match(LETTER_RUN) ?? [];
  return runs.length === 0 ? 0 : runs.reduce((sum, run) => sum + run.length, 0) / runs.length;
}

/**
 * Words have vowels: every lower-case letter run of three or more holds one (`Mot de passe`,
 * `prodDbPass`; capitals are acronyms, `getMRT`). Random letters (`PssOhQjHQCKMII`, a generated
 * password) mostly do not.
 */
function isPronounceable(value: string): boolean {
  return (value.match(LETTER_RUN) ?? []).every(
    (run) => run.length < 3 || !/[a-z]/.test(run) || /[aeiouy]/i.test(run),
  );
}

/** One segment of a dotted code path: camelCase or snake_case words, or an ALL_CAPS constant. */
const SEGMENT = String.raw`(?:[A-Za-z_$][a-z0-9_$]*(?:[A-Z][a-z0-9_$]+)*|[A-Z][A-Z0-9_]*)`;
// Brackets in pairs (a call, an index, a block) or a name opening one (`input(` cut at its
// quote). A lone `)` inside a value is one of a password's symbols.
const CODE_LIKE = new RegExp(
  String.raw`^${SEGMENT}(?:\.${SEGMENT})+(?:\(\)?)?$|\(.*\)|\[.*\]|\{.*\}|^[\w.$]+[([{]$`,
);
const NUMBER_LIKE =
  /^[+-]?\d+(?:\.\d+)?[a-z]{0,2}$|^0x[0-9a-f]+$|^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+Z?)?$/i;

/**
 * True when a value assigned to a secret-looking name is not itself a secret: indirection,
 * identifiers, words, paths, numbers, common defaults and test data.
 */
export function isNotAssignedSecret(value: string, user?: string): boolean {
  const lower = value.toLowerCase();
  return (
    isExampleValue(value) ||
    COMMON_VALUES.has(lower) ||
    (user !== undefined && lower === user.toLowerCase()) ||
    INDIRECTION.test(value) ||
    TEST_WORDS.test(value) ||
    ENV_NAME.test(value) ||
    ((WORD_LIKE.test(value) || CAMEL_CASE.test(value)) &&
      meanWordLength(value) >= 3 &&
      isPronounceable(value)) ||
    PATH_OR_URL.test(value) ||
    (CODE_LIKE.test(value) && (meanWordLength(value) >= 3 || !/\d/.test(value))) ||
    NUMBER_LIKE.test(value)
  );
}
