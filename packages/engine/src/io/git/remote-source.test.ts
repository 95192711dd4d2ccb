import { describe, expect, it } from 'vitest';
import { isCommitId, isValidRef, parseRemoteSource } from './remote-source.js';

describe('parseRemoteSource', () => {
  it('reads https URLs with and without .git', () => {
    expect(parseRemoteSource('https://example.com/acme/tool.git')).toEqual({
      url: 'https://example.com/acme/tool.git',
      ref: undefined,
      name: 'acme/tool',
    });
    expect(parseRemoteSource('https://example.com/acme/tool')?.url).toBe(
      'https://example.com/acme/tool',
    );
  });

  it('reads a /tree/<ref> web address as the repository and its ref', () => {
    expect(parseRemoteSource('https://github.com/acme/tool/tree/release/2.x')).toEqual({
      url: 'https://github.com/acme/tool.git',
      ref: 'release/2.x',
      name: 'acme/tool',
    });
  });

  it('reads scp-like ssh addresses and git:// URLs', () => {
    expect(parseRemoteSource('git@github.com:acme/tool.git')).toEqual({
      url: 'git@github.com:acme/tool.git',
      ref: undefined,
      name: 'acme/tool',
    });
    expect(parseRemoteSource('git://127.0.0.1:9418/acme/tool.git')?.name).toBe('acme/tool');
  });

  it('turns owner/repo into a GitHub URL', () => {
    expect(parseRemoteSource('acme/tool')).toEqual({
      url: 'https://github.com/acme/tool.git',
      ref: undefined,
      name: 'acme/tool',
    });
  });

  it('leaves local paths and option-like text alone', () => {
    for (const text of ['./acme/tool', 'src', '/tmp/x', 'a/b/c', 'C:repo', '--upload-pack=x']) {
      expect(parseRemoteSource(text), text).toBeUndefined();
    }
    expect(parseRemoteSource('file:///tmp/repo')).toBeUndefined();
    expect(parseRemoteSource('ext::sh -c touch% /tmp/pwned')).toBeUndefined();
  });
});

describe('isValidRef', () => {
  it('accepts branches, tags and commit ids', () => {
    for (const ref of ['main', 'release/2.x', 'v1.0.0', 'a'.repeat(40)]) {
      expect(isValidRef(ref), ref).toBe(true);
    }
  });

  it('refuses what git would read as an option or refuses as a name', () => {
    for (const ref of ['', '-x', '--upload-pack=evil', 'a..b', 'a b', 'a~1', 'x.lock', '.hidden']) {
      expect(isValidRef(ref), ref).toBe(false);
    }
  });

  it('tells full commit ids from names', () => {
    expect(isCommitId('0123456789abcdef0123456789abcdef01234567')).toBe(true);
    expect(isCommitId('0123456')).toBe(false);
  });
});
