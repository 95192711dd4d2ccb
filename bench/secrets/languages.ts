// How a name/value pair is written in each language of the bench corpus, single-line and
// multi-line (private key blocks), and where the value lands in the written text.

export const LANGUAGES = ['ts', 'py', 'go', 'yaml', 'env', 'json', 'sh', 'java'] as const;
export type Language = (typeof LANGUAGES)[number];

export const EXTENSIONS: Record<Language, string> = {
  ts: 'ts',
  py: 'py',
  go: 'go',
  yaml: 'yaml',
  env: 'env',
  json: 'json',
  sh: 'sh',
  java: 'java',
};

/**
 * A written pair: its text, how any part of the value appears inside it (escaped, indented),
 * and whether it is a member of the file's config block or a statement of its own.
 */
export interface Written {
  readonly text: string;
  readonly encode: (part: string) => string;
  readonly kind: 'member' | 'statement';
}

const same = (part: string): string => part;

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

export function upperSnake(name: string): string {
  return words(name).join('_').toUpperCase();
}

export function lowerSnake(name: string): string {
  return words(name).join('_');
}

export function camel(name: string): string {
  return words(name)
    .map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

const PLAIN = /^[A-Za-z0-9][A-Za-z0-9_.\-/+=:@%~*]*$/;

function multiline(language: Language, name: string, value: string): Written {
  switch (language) {
    case 'yaml': {
      const encode = (part: string): string => part.split('\n').join('\n    ');
      return { text: `  ${lowerSnake(name)}: |\n    ${encode(value)}`, encode, kind: 'member' };
    }
    case 'json': {
      const encode = (part: string): string => part.replace(/\n/g, '\\n');
      return { text: `  "${camel(name)}": "${encode(value)}\\n",`, encode, kind: 'member' };
    }
    case 'ts':
      return {
        text: `export const ${camel(name)} = \`${value}\n\`;`,
        encode: same,
        kind: 'statement',
      };
    case 'py':
      return { text: `${upperSnake(name)} = """${value}\n"""`, encode: same, kind: 'statement' };
    case 'go':
      return { text: `var ${camel(name)} = \`${value}\n\``, encode: same, kind: 'statement' };
    case 'java':
      return {
        text: `    private static final String ${upperSnake(name)} = """\n${value}\n""";`,
        encode: same,
        kind: 'member',
      };
    case 'sh':
    case 'env':
      return { text: `${upperSnake(name)}="${value}"`, encode: same, kind: 'statement' };
  }
}

/** `name = value` in the language's usual syntax; multi-line values become block strings. */
export function writePair(
  language: Language,
  name: string,
  value: string,
  exactName = false,
): Written {
  if (value.includes('\n')) return multiline(language, name, value);
  const key = (style: (name: string) => string): string => (exactName ? name : style(name));
  const quote = value.includes("'") ? '"' : "'";
  let text: string;
  switch (language) {
    case 'yaml':
      text = `  ${key(lowerSnake)}: ${PLAIN.test(value) ? value : JSON.stringify(value)}`;
      break;
    case 'env':
      text = `${key(upperSnake)}=${PLAIN.test(value) ? value : value.includes('$') ? `'${value}'` : `"${value}"`}`;
      break;
    case 'sh':
      text = `export ${key(upperSnake)}='${value}'`;
      break;
    case 'json':
      text = `  "${key(camel)}": "${value.replace(/"/g, '\\"')}",`;
      break;
    case 'ts':
      text = `  ${key(camel)}: ${quote}${value}${quote},`;
      break;
    case 'py':
      text = `${key(upperSnake)} = "${value}"`;
      break;
    case 'go':
      text = `\t${key(camel)} = "${value}"`;
      break;
    case 'java':
      text = `    private static final String ${key(upperSnake)} = "${value}";`;
      break;
  }
  const encode = language === 'json' ? (part: string): string => part.replace(/"/g, '\\"') : same;
  const kind =
    language === 'ts' ||
    language === 'go' ||
    language === 'yaml' ||
    language === 'json' ||
    language === 'java'
      ? 'member'
      : 'statement';
  return { text, encode, kind };
}
