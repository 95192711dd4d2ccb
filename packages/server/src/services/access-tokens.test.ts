import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.js';

const SECRET = 'access-token-test-secret-0123456789abcdef';

/** A token with the given claims signed by `secret`, as another party could make one. */
async function forge(claims: Record<string, unknown>, secret = SECRET, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
}

const now = () => Math.floor(Date.now() / 1000);
const valid = () => ({
  typ: 'access',
  sub: 'user-1',
  iss: 'repobundle',
  aud: 'repobundle-api',
  iat: now(),
  exp: now() + 60,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('access tokens', () => {
  const tokens = createAccessTokens(SECRET, 900);

  it('verifies what it signed, with the issue time in milliseconds', async () => {
    const before = Date.now();
    const claims = await tokens.verify(await tokens.sign('user-42'));
    expect(claims.userId).toBe('user-42');
    expect(claims.issuedAtMs).toBeGreaterThanOrEqual(before);
    expect(claims.issuedAtMs).toBeLessThanOrEqual(Date.now());
  });

  it('accepts a token of the right shape signed with the secret', async () => {
    await expect(tokens.verify(await forge(valid()))).resolves.toMatchObject({ userId: 'user-1' });
  });

  it.each([
    ['another secret', () => forge(valid(), 'another-secret-0123456789abcdef-xyz')],
    ['another audience', () => forge({ ...valid(), aud: 'someone-else' })],
    ['another issuer', () => forge({ ...valid(), iss: 'someone-else' })],
    ['a refresh token type', () => forge({ ...valid(), typ: 'refresh' })],
    ['no subject', () => forge({ ...valid(), sub: undefined })],
    ['no expiry', () => forge({ ...valid(), exp: undefined })],
    ['an HS512 signature', () => forge(valid(), SECRET, 'HS512')],
  ])('refuses a token with %s', async (_label, make) => {
    expect(await codeOf(tokens.verify(await make()))).toBe('INVALID_TOKEN');
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await tokens.sign('user-1')).split('.');
    const payload = Buffer.from(JSON.stringify({ ...valid(), sub: 'admin' })).toString('base64url');
    expect(await codeOf(tokens.verify(`${header}.${payload}.${signature}`))).toBe('INVALID_TOKEN');
  });

  it('refuses an unsigned token and garbage', async () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify(valid()),
    ).toString('base64url')}.`;
    for (const token of [none, 'not.a.jwt', 'abc', '', 'a.b.c.d']) {
      expect(await codeOf(tokens.verify(token))).toBe('INVALID_TOKEN');
    }
  });

  it('says an expired token expired', async () => {
    const expired = await forge({ ...valid(), iat: now() - 120, exp: now() - 60 });
    expect(await codeOf(tokens.verify(expired))).toBe('TOKEN_EXPIRED');
  });

  describe('a token verified before', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is still refused once it has expired', async () => {
      const shortLived = createAccessTokens(SECRET, 60);
      const token = await shortLived.sign('user-7');
      expect((await shortLived.verify(token)).userId).toBe('user-7');
      expect((await shortLived.verify(token)).userId).toBe('user-7');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      expect(await codeOf(shortLived.verify(token))).toBe('TOKEN_EXPIRED');
    });

    it('does not make a changed copy of it valid', async () => {
      const token = await tokens.sign('user-8');
      await tokens.verify(token);
      const [header, payload, signature] = token.split('.');
      // A character in the middle: the last one also carries padding bits that decode alike.
      const flipped = signature![10] === 'A' ? 'B' : 'A';
      const tampered = `${header}.${payload}.${signature!.slice(0, 10)}${flipped}${signature!.slice(11)}`;
      expect(await codeOf(tokens.verify(tampered))).toBe('INVALID_TOKEN');
    });
  });
});
