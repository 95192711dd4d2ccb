import { describe, expect, it } from 'vitest';
import { isPrivateKeyFileName, scannedFile } from './file-kind.js';

describe('file kinds', () => {
  it.each([
    'id_rsa',
    '.ssh/id_ed25519',
    'certs/key.pem',
    'tls/privkey.pem',
    'server.key',
    'deploy.ppk',
    'secrets/api-private.pem',
  ])('%s is named like a private key', (path) => expect(isPrivateKeyFileName(path)).toBe(true));

  it.each([
    'id_rsa.pub',
    'certs/cert.pem',
    'fullchain.pem',
    'keys/public_key.pem',
    'jwt-public.key',
    'src/keyboard.ts',
    'monkey.pem.txt',
  ])('%s is not', (path) => expect(isPrivateKeyFileName(path)).toBe(false));

  it.each([
    ['config/database.yml', true],
    ['.env.production', true],
    ['home/.my.cnf', true],
    ['.netrc', true],
    ['application.properties', true],
    ['src/app.ts', false],
    ['settings.py', false],
  ])('%s is a config syntax: %s', (path, expected) =>
    expect(scannedFile(path).configSyntax).toBe(expected),
  );
});
