// Through the engine's pack pipeline, inline and on the worker pool: redacted content, counts per
// file and type in the bundle and its overview, and never the secret.
import { describe, expect, it } from 'vitest';
import { packTree } from '../../../io/pack.js';
import { openMemorySource } from '../../../io/sources/index.js';
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  secretOf,
} from './test-support/credential-samples.js';

const random = new RandomText(createRng(5));
const secret = (id: string): string => {
  const make = CREDENTIAL_SAMPLES[id];
  if (!make) throw new Error(id);
  return secretOf(make(random));
};

describe('secret redaction in pack', () => {
  const slack = secret('slack-bot-token');
  const aws = secret('aws-access-key');
  const files = [
    {
      path: 'src/config.ts',
      content: `export const slack = '${slack}';\nexport const aws = "${aws}";\n`,
    },
    { path: 'deploy/.env', content: `AWS_ACCESS_KEY_ID=${aws}\nREGION=eu-west-1\n` },
    ...Array.from({ length: 12 }, (_, i) => ({
      path: `src/clean-${i}.ts`,
      content: `export const value${i} = ${i};\n`.repeat(200),
    })),
  ];

  it.each([0, 2])('redacts and counts with %i workers', async (workers) => {
    const bundle = await packTree(
      openMemorySource('demo', files),
      { redactSecrets: true },
      { workers },
    );
    const config = bundle.files.find((file) => file.path === 'src/config.ts');
    expect(config?.content).toBe(
      'export const slack = \'[REDACTED:slack-bot-token]\';\nexport const aws = "[REDACTED:aws-access-key]";\n',
    );
    expect(config?.redactions).toEqual({ 'slack-bot-token': 1, 'aws-access-key': 1 });
    expect(bundle.files.find((file) => file.path === 'deploy/.env')?.redactions).toEqual({
      'aws-access-key': 1,
    });
    expect(bundle.files.find((file) => file.path === 'src/clean-0.ts')?.redactions).toBeUndefined();
    const everything = bundle.overview.text + bundle.chunks.map((chunk) => chunk.text).join('');
    expect(everything).not.toContain(slack);
    expect(everything).not.toContain(aws);
    expect(bundle.overview.text).toContain('slack-bot-token');
  });

  it('leaves content alone when the option is off', async () => {
    const bundle = await packTree(openMemorySource('demo', files.slice(0, 1)), {}, { workers: 0 });
    expect(bundle.files[0]?.content).toContain(slack);
  });
});
