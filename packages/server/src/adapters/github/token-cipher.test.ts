import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.js';

const SECRET = 'server-secret-0123456789abcdefghijklmnop';
const USER = '6f1c7a36-6a52-4c63-9d55-4a8a4f0f5f0e';
const TOKEN = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';

describe('token cipher', () => {
  it('opens what it sealed, and the stored value does not contain the token', () => {
    const cipher = createTokenCipher(SECRET);
    const sealed = cipher.encrypt(TOKEN, USER);
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(TOKEN);
    expect(sealed).not.toContain(Buffer.from(TOKEN).toString('base64url'));
    expect(cipher.decrypt(sealed, USER)).toBe(TOKEN);
  });

  it('uses a fresh IV each time', () => {
    const cipher = createTokenCipher(SECRET);
    expect(cipher.encrypt(TOKEN, USER)).not.toBe(cipher.encrypt(TOKEN, USER));
  });

  it('refuses another user, another secret and any change', () => {
    const sealed = createTokenCipher(SECRET).encrypt(TOKEN, USER);
    expect(createTokenCipher(SECRET).decrypt(sealed, 'another-user')).toBeNull();
    expect(createTokenCipher(`${SECRET}x`).decrypt(sealed, USER)).toBeNull();
    const [version, iv, data, tag] = sealed.split(':') as [string, string, string, string];
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(
      createTokenCipher(SECRET).decrypt([version, iv, flipped, tag].join(':'), USER),
    ).toBeNull();
    expect(
      createTokenCipher(SECRET).decrypt([version, iv, data, 'AAAA'].join(':'), USER),
    ).toBeNull();
    expect(createTokenCipher(SECRET).decrypt(`v2:${iv}:${data}:${tag}`, USER)).toBeNull();
    expect(createTokenCipher(SECRET).decrypt(TOKEN, USER)).toBeNull();
  });
});
