// A token in a checksummed format whose checksum does not verify may be mistyped, truncated or
// made up, but it may as well be live: it is redacted all the same, reported with low confidence.
import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';
import { markerFor } from './redact.js';
import { checksummed } from './test-support/samples-infrastructure.js';
import { ALNUM, RandomText, createRng } from './test-support/credential-samples.js';

const random = new RandomText(createRng(31));

/** A checksummed body with its last checksum digit changed: the CRC32 no longer matches. */
function badChecksum(): string {
  const good = checksummed(random);
  const last = good[good.length - 1] ?? 'A';
  const other = ALNUM[(ALNUM.indexOf(last) + 1) % ALNUM.length] ?? 'B';
  return good.slice(0, -1) + other;
}

describe('checksummed token formats', () => {
  it.each([
    ['ghp_', 'github-token'],
    ['gho_', 'github-oauth-token'],
    ['ghu_', 'github-user-to-server-token'],
    ['npm_', 'npm-token'],
  ])('%s with a failing checksum is redacted with low confidence', (prefix, type) => {
    const token = prefix + badChecksum();
    const text = `TOKEN=${token}\n`;
    const result = redactSecrets(text);
    expect(result.findings.map(({ type: t, confidence }) => [t, confidence])).toEqual([
      [type, 'low'],
    ]);
    expect(result.text).toBe(`TOKEN=${markerFor(type)}\n`);
  });

  it.each([
    ['ghp_', 'github-token'],
    ['npm_', 'npm-token'],
  ])('%s with a valid checksum is high confidence', (prefix, type) => {
    const result = redactSecrets(`token: ${prefix}${checksummed(random)}`);
    expect(result.findings.map(({ type: t, confidence }) => [t, confidence])).toEqual([
      [type, 'high'],
    ]);
  });

  it('a fine-grained token of an unexpected shape is redacted with low confidence', () => {
    const token = `github_pat_${random.alnum(82)}`;
    const result = redactSecrets(`GH_PAT="${token}"`);
    expect(result.findings.map(({ type, confidence }) => [type, confidence])).toEqual([
      ['github-fine-grained-token', 'low'],
    ]);
    expect(result.text).toBe(`GH_PAT="${markerFor('github-fine-grained-token')}"`);
    const regular = `github_pat_${random.alnum(22)}_${random.alnum(59)}`;
    expect(redactSecrets(regular).findings.map((finding) => finding.confidence)).toEqual(['high']);
  });

  it.each([`ghp_${'x'.repeat(36)}`, 'npm_' + 'X'.repeat(36), 'ghp_${GITHUB_TOKEN}', 'ghp_abc'])(
    'keeps the stand-in %s',
    (text) => {
      expect(redactSecrets(`GITHUB_TOKEN=${text}`).findings).toEqual([]);
    },
  );

  it('never puts the token into the result besides the text', () => {
    const token = `ghp_${badChecksum()}`;
    const result = redactSecrets(`x = "${token}"`);
    expect(JSON.stringify(result.findings)).not.toContain(token.slice(4));
  });
});
