// Detection always runs: with redaction off the bundle's content is byte for byte the input,
// and the bundle, its overview (every format) and the summary report what was found, by type,
// file and confidence, with the way to redact it; never the values.
import { describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../../../config/options.js';
import { packTree } from '../../../io/pack.js';
import { openMemorySource } from '../../../io/sources/index.js';
import { checksummed } from './test-support/samples-infrastructure.js';
import {
  CREDENTIAL_SAMPLES,
  RandomText,
  createRng,
  lineOf,
  secretOf,
} from './test-support/credential-samples.js';

const random = new RandomText(createRng(11));
const sample = (id: string) => {
  const make = CREDENTIAL_SAMPLES[id];
  if (!make) throw new Error(id);
  return make(random);
};

const github = `ghp_${checksummed(random)}`;
const badNpm = `npm_${checksummed(random).slice(0, -1)}${random.pick(['0', '1'])}`;
const rsa = sample('rsa-private-key');
const wordpress = random.alnum(64);
const files = [
  { path: 'src/config.ts', content: `export const token = '${github}';\n` },
  { path: 'deploy/.env', content: `NPM_TOKEN=${badNpm}\nAUTH_KEY='${wordpress}'\n` },
  { path: 'certs/key.pem', content: `${lineOf(rsa)}\n` },
  { path: 'home/.ssh/id_rsa', content: 'not a recognisable key block\n' },
  ...Array.from({ length: 10 }, (_, i) => ({
    path: `src/clean-${i}.ts`,
    content: `export const value${i} = ${i};\n`.repeat(50),
  })),
];
const secrets = [github, badNpm, secretOf(rsa).slice(40, 120), wordpress];

describe('secret detection with redaction off', () => {
  it.each([0, 2])('keeps content and counts findings (%i workers)', async (workers) => {
    const bundle = await packTree(openMemorySource('demo', files), {}, { workers });
    for (const file of files) {
      expect(bundle.files.find((processed) => processed.path === file.path)?.content).toBe(
        file.content,
      );
    }
    expect(bundle.secrets.redacted).toBe(false);
    expect(bundle.secrets.files).toBe(4);
    expect(bundle.secrets.found).toEqual({
      'github-token': 1,
      'npm-token': 1,
      'wordpress-auth-key': 1,
      'rsa-private-key': 1,
      'private-key-file': 1,
    });
    expect(bundle.secrets.lowConfidence).toEqual({ 'npm-token': 1, 'private-key-file': 1 });
    expect(bundle.secrets.privateKeyFiles).toEqual(['certs/key.pem', 'home/.ssh/id_rsa']);
    expect(bundle.secrets.hint).toMatch(/--redact-secrets/);
    expect(bundle.files.find((file) => file.path === 'deploy/.env')?.secrets).toEqual([
      { type: 'npm-token', confidence: 'low', count: 1 },
      { type: 'wordpress-auth-key', confidence: 'high', count: 1 },
    ]);
    expect(bundle.files.find((file) => file.path === 'deploy/.env')?.redactions).toBeUndefined();
    expect(bundle.files.find((file) => file.path === 'src/clean-0.ts')?.secrets).toBeUndefined();
  });

  it.each(OUTPUT_FORMATS.filter((format) => format !== 'custom'))(
    'the %s overview names the types, the files and the hint, never a value',
    async (outputFormat) => {
      const bundle = await packTree(
        openMemorySource('demo', files),
        { outputFormat },
        { workers: 0 },
      );
      const overview = bundle.overview.text;
      for (const type of ['github-token', 'npm-token', 'rsa-private-key', 'private-key-file'])
        expect(overview).toContain(type);
      expect(overview).toContain('home/.ssh/id_rsa');
      expect(overview).toMatch(/--redact-secrets/);
      for (const secret of secrets) expect(overview).not.toContain(secret);
    },
  );

  it('with redaction on, reports the same findings as redacted, without the hint', async () => {
    const bundle = await packTree(
      openMemorySource('demo', files),
      { redactSecrets: true },
      { workers: 0 },
    );
    expect(bundle.secrets.redacted).toBe(true);
    expect(bundle.secrets.hint).toBeNull();
    expect(bundle.secrets.found['npm-token']).toBe(1);
    expect(bundle.files.find((file) => file.path === 'deploy/.env')?.content).toBe(
      "NPM_TOKEN=[REDACTED:npm-token]\nAUTH_KEY='[REDACTED:wordpress-auth-key]'\n",
    );
    expect(bundle.secrets.privateKeyFiles).toEqual(['certs/key.pem', 'home/.ssh/id_rsa']);
    const everything = bundle.overview.text + bundle.chunks.map((chunk) => chunk.text).join('');
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
