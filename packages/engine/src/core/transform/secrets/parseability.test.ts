// A redacted source file parses as before: markers replace only characters inside string
// literals (and whole key blocks inside block strings). Checked with the project's tree-sitter
// grammars, and for JSON and YAML also by parsing the data and comparing it.
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createTreeSitterParser } from '../../../io/syntax/tree-sitter-parser.js';
import { countSyntaxErrors } from '../../syntax/count-errors.js';
import type { GrammarId } from '../../syntax/grammars.js';
import { redactSecrets } from './redact-secrets.js';
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  valueOf,
} from './test-support/credential-samples.js';

const SINGLE_LINE = [
  'github-token',
  'aws-access-key',
  'aws-secret-key',
  'slack-webhook',
  'postgres-connection-string',
  'jwt',
  'stripe-secret-key',
  'generic-password',
  'sendgrid-api-key',
  'azure-storage-account-key',
  'basic-auth-header',
  'paypal-braintree-access-token',
] as const;

const random = new RandomText(createRng(99));
const pairs = SINGLE_LINE.map((id, i) => {
  const make = CREDENTIAL_SAMPLES[id];
  if (!make) throw new Error(id);
  const sample = make(random);
  return { id, name: `${sample.name.replace(/[^A-Za-z0-9]/g, '_')}_${i}`, value: valueOf(sample) };
});
const pemMaker = CREDENTIAL_SAMPLES['rsa-private-key'];
const pem = pemMaker ? valueOf(pemMaker(random)) : '';
const expectedMarkers = pairs.length + 1;

const SOURCES: Record<'typescript' | 'python' | 'go' | 'java' | 'bash' | 'json' | 'yaml', string> =
  {
    typescript: `export const config = {\n${pairs.map((p) => `  ${p.name}: "${p.value}",`).join('\n')}\n};\nexport const signingKey = \`${pem}\n\`;\n`,
    python: `${pairs.map((p) => `${p.name} = "${p.value}"`).join('\n')}\nSIGNING_KEY = """${pem}\n"""\n`,
    go: `package config\n\nconst (\n${pairs.map((p) => `\t${p.name} = "${p.value}"`).join('\n')}\n)\n\nvar signingKey = \`${pem}\n\`\n`,
    java: `class Settings {\n${pairs.map((p) => `    static final String ${p.name} = "${p.value}";`).join('\n')}\n    static final String SIGNING_KEY = """\n${pem}\n""";\n}\n`,
    bash: `#!/usr/bin/env bash\n${pairs.map((p) => `export ${p.name}='${p.value}'`).join('\n')}\nSIGNING_KEY="${pem}"\n`,
    json: `${JSON.stringify({ ...Object.fromEntries(pairs.map((p) => [p.name, p.value])), signing_key: pem }, null, 2)}\n`,
    yaml: `config:\n${pairs.map((p) => `  ${p.name}: ${JSON.stringify(p.value)}`).join('\n')}\n  signing_key: |\n    ${pem.split('\n').join('\n    ')}\n`,
  };

const markerCount = (text: string): number => text.match(/\[REDACTED:[a-z0-9-]+\]/g)?.length ?? 0;

describe('redacted files still parse', () => {
  const parser = createTreeSitterParser();

  it.each(Object.keys(SOURCES) as (keyof typeof SOURCES)[])('%s', async (grammar) => {
    const source = SOURCES[grammar];
    const before = await parser.parse(grammar as GrammarId, source);
    const errorsBefore = before ? countSyntaxErrors(before.rootNode) : -1;
    const redacted = redactSecrets(source).text;
    const after = await parser.parse(grammar as GrammarId, redacted);
    expect(errorsBefore).toBe(0);
    expect(after ? countSyntaxErrors(after.rootNode) : -1).toBe(errorsBefore);
    expect(markerCount(redacted)).toBe(expectedMarkers);
  });

  it('JSON: same keys, each redacted value keeps its text around the marker', () => {
    const original = JSON.parse(SOURCES.json) as Record<string, string>;
    const redacted = JSON.parse(redactSecrets(SOURCES.json).text) as Record<string, string>;
    expect(Object.keys(redacted)).toEqual(Object.keys(original));
    expect(redacted.signing_key).toBe('[REDACTED:rsa-private-key]');
    for (const pair of pairs) {
      const value = redacted[pair.name] ?? '';
      expect(value).toMatch(/\[REDACTED:[a-z0-9-]+\]/);
      const [head = '', tail = ''] = value.split(/\[REDACTED:[a-z0-9-]+\]/);
      expect(original[pair.name]?.startsWith(head) && original[pair.name]?.endsWith(tail)).toBe(
        true,
      );
    }
  });

  it('YAML: the same structure, strings stay strings', () => {
    const original = parseYaml(SOURCES.yaml) as { config: Record<string, string> };
    const redacted = parseYaml(redactSecrets(SOURCES.yaml).text) as {
      config: Record<string, string>;
    };
    expect(Object.keys(redacted.config)).toEqual(Object.keys(original.config));
    for (const value of Object.values(redacted.config)) expect(typeof value).toBe('string');
    expect(redacted.config.signing_key).toBe('[REDACTED:rsa-private-key]\n');
  });
});
