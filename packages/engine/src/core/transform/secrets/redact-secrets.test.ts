import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../config/options.js';
import { applyTransforms, enabledTransforms } from '../transform-pipeline.js';
import type { TransformContext } from '../transform.js';
import { redactSecrets } from './redact-secrets.js';
import { redactSecretsTransform } from './redact-secrets-transform.js';
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  secretOf,
  valueOf,
} from './test-support/credential-samples.js';

const random = new RandomText(createRng(11));
const sample = (id: string): string => {
  const make = CREDENTIAL_SAMPLES[id];
  if (!make) throw new Error(id);
  return secretOf(make(random));
};

describe('redactSecrets', () => {
  it('replaces only the secret characters and keeps the rest byte for byte', () => {
    const github = sample('github-token');
    const aws = sample('aws-access-key');
    const text = `# config\r\nexport const token = '${github}'; // used by CI\r\n\tAWS_KEY = "${aws}"  \r\nno newline at end`;
    const result = redactSecrets(text);
    expect(result.text).toBe(
      `# config\r\nexport const token = '[REDACTED:github-token]'; // used by CI\r\n\tAWS_KEY = "[REDACTED:aws-access-key]"  \r\nno newline at end`,
    );
    expect(result.findings.map((finding) => finding.type)).toEqual([
      'github-token',
      'aws-access-key',
    ]);
  });

  it('finds without replacing when asked to find only, the same findings either way', () => {
    const github = sample('github-token');
    const text = `const token = '${github}';\n`;
    const found = redactSecrets(text, { replace: false });
    expect(found.text).toBe(text);
    expect(found.findings).toEqual(redactSecrets(text).findings);
    expect(found.findings.map((finding) => finding.type)).toEqual(['github-token']);
  });

  it('finds several secrets on one line, in order', () => {
    const slack = sample('slack-bot-token');
    const stripe = sample('stripe-secret-key');
    const result = redactSecrets(`tokens = ["${slack}", "${stripe}", "${slack}"]`);
    expect(result.text).toBe(
      'tokens = ["[REDACTED:slack-bot-token]", "[REDACTED:stripe-secret-key]", "[REDACTED:slack-bot-token]"]',
    );
  });

  it('names a provider token by its provider even under a generic name', () => {
    const token = sample('gitlab-token');
    expect(redactSecrets(`api_token: "${token}"`).text).toBe(
      'api_token: "[REDACTED:gitlab-token]"',
    );
  });

  it('replaces a private key block whole, from BEGIN to END', () => {
    const make = CREDENTIAL_SAMPLES['openssh-private-key'];
    const block = make ? valueOf(make(random)) : '';
    const text = `key: |\n  ${block.split('\n').join('\n  ')}\nnext: 1\n`;
    expect(redactSecrets(text).text).toBe('key: |\n  [REDACTED:openssh-private-key]\nnext: 1\n');
  });

  it('redacts a key block written with escaped newlines inside a string', () => {
    const make = CREDENTIAL_SAMPLES['rsa-private-key'];
    const block = make ? valueOf(make(random)).replace(/\n/g, '\\n') : '';
    expect(redactSecrets(`const key = "${block}\\n";`).text).toBe(
      'const key = "[REDACTED:rsa-private-key]\\n";',
    );
  });

  it('keeps a stand-in key block from swallowing what follows it', () => {
    const make = CREDENTIAL_SAMPLES['rsa-private-key'];
    const block = make ? valueOf(make(random)) : '';
    const token = sample('tailscale-key');
    const text = `A="-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----"\nT='${token}'\nK="${block}"\n`;
    expect(redactSecrets(text).text).toBe(
      `A="-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----"\nT='[REDACTED:tailscale-key]'\nK="[REDACTED:rsa-private-key]"\n`,
    );
  });

  it('leaves a file without keywords untouched and reports nothing', () => {
    const text = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
    expect(redactSecrets(text)).toEqual({ text, findings: [], notes: [] });
  });

  it('never puts the secret in a finding or note', () => {
    const secret = sample('openai-api-key');
    const result = redactSecrets(`OPENAI_API_KEY=${secret}\n`);
    expect(JSON.stringify(result.findings) + JSON.stringify(result.notes)).not.toContain(
      secret.slice(10),
    );
  });
});

describe('redact-secrets transform', () => {
  const run = async (text: string, options = resolveOptions({ redactSecrets: true })) => {
    const counts: Record<string, number> = {};
    const found: string[] = [];
    const notes: string[] = [];
    const context: TransformContext = {
      name: 'settings.py',
      language: 'python',
      options,
      note: (message) => notes.push(message),
      countRedaction: (type) => {
        counts[type] = (counts[type] ?? 0) + 1;
      },
      countSecret: (type, confidence) => found.push(`${type} ${confidence}`),
    };
    const output = await applyTransforms(text, enabledTransforms(options), context);
    return { output, counts, found, notes };
  };

  it('always runs (detection), after blank lines, before line numbers', () => {
    const options = resolveOptions({
      redactSecrets: true,
      removeBlankLines: true,
      showLineNumbers: true,
    });
    const names = enabledTransforms(options).map((step) => step.name);
    expect(names).toEqual(['remove-blank-lines', 'redact-secrets', 'line-numbers']);
    expect(redactSecretsTransform.isEnabled(resolveOptions())).toBe(true);
  });

  it('with redaction off returns the text unchanged and counts what it found', async () => {
    const token = sample('npm-token');
    const text = `A = "${token}"
`;
    const { output, counts, found } = await run(text, resolveOptions());
    expect(output).toBe(text);
    expect(counts).toEqual({});
    expect(found).toEqual(['npm-token high']);
  });

  it('counts redactions per type through the context', async () => {
    const first = sample('sendgrid-api-key');
    const second = sample('sendgrid-api-key');
    const token = sample('npm-token');
    const { output, counts } = await run(`A = "${first}"\nB = "${second}"\nC = "${token}"\n`);
    expect(counts).toEqual({ 'sendgrid-api-key': 2, 'npm-token': 1 });
    expect(output).not.toContain(first);
  });

  it('numbers lines of the redacted text', async () => {
    const options = resolveOptions({ redactSecrets: true, showLineNumbers: true });
    const { output } = await run(`x = 1\nkey = "${sample('groq-api-key')}"\n`, options);
    expect(output).toBe('1 | x = 1\n2 | key = "[REDACTED:groq-api-key]"\n');
  });

  it('applies custom patterns from the options as type custom', async () => {
    const options = resolveOptions({
      redactSecrets: true,
      customSecretPatterns: ['acme_[a-z0-9]{16}'],
    });
    const { output, counts } = await run('ACME = "acme_0a1b2c3d4e5f6a7b"\n', options);
    expect(output).toBe('ACME = "[REDACTED:custom]"\n');
    expect(counts).toEqual({ custom: 1 });
  });
});
