import { describe, expect, it } from 'vitest';
import { EngineError } from '../../errors.js';
import { describeCloneError } from './clone-remote.js';
import { isCommitId, isValidRef, parseRemoteSource } from './remote-source.js';
import { GitCommandError } from './run-git.js';

describe('parseRemoteSource', () => {
  it('reads https URLs with and without .git', () => {
    expect(parseRemoteSource('https://example.com/acme/tool.git')).toEqual({
      url: 'https://example.com/acme/tool.git',
      ref: undefined,
      name: 'acme/tool',
      shorthand: false,
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
      shorthand: false,
    });
  });

  it('reads scp-like ssh addresses and git:// URLs', () => {
    expect(parseRemoteSource('git@github.com:acme/tool.git')).toEqual({
      url: 'git@github.com:acme/tool.git',
      ref: undefined,
      name: 'acme/tool',
      shorthand: false,
    });
    expect(parseRemoteSource('git://127.0.0.1:9418/acme/tool.git')?.name).toBe('acme/tool');
  });

  it('turns owner/repo into a GitHub URL', () => {
    expect(parseRemoteSource('acme/tool')).toEqual({
      url: 'https://github.com/acme/tool.git',
      ref: undefined,
      name: 'acme/tool',
      shorthand: true,
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

describe('describeCloneError', () => {
  const settings = { ref: undefined, timeoutMs: 1000, token: undefined };

  it('says a shorthand was read as GitHub when there is no such local path', () => {
    const source = parseRemoteSource('acme/typo');
    if (!source) throw new Error('expected a remote source');
    const error = new GitCommandError(
      ['clone'],
      "fatal: unable to access 'https://github.com/acme/typo.git/': Could not resolve host: github.com",
      'failed',
    );
    expect(describeCloneError(error, source, settings)).toEqual(
      new EngineError(
        'REMOTE_FAILED',
        'No file or folder acme/typo here, so it was read as a GitHub repository: Could not reach https://github.com/acme/typo.git; check the address and the network.',
      ),
    );
  });

  it("keeps git's first line for a failure it does not know", () => {
    const source = parseRemoteSource('https://example.com/acme/tool.git');
    if (!source) throw new Error('expected a remote source');
    const error = new GitCommandError(['clone'], 'fatal: something odd\nmore\n', 'failed');
    expect((describeCloneError(error, source, settings) as Error).message).toBe(
      'Cloning acme/tool failed: something odd.',
    );
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
