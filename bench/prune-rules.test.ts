import { describe, expect, it } from 'vitest';
import { isPrunedFile, isPrunedFolder } from './prune-rules.js';

describe('prune rules', () => {
  it('prunes folders either tool excludes, at any depth and any case', () => {
    for (const name of ['dist', 'Build', 'node_modules', 'vendor', 'tmp', '.next']) {
      expect(isPrunedFolder(name)).toBe(true);
    }
    expect(isPrunedFolder('src')).toBe(false);
    expect(isPrunedFolder('lib')).toBe(false);
  });

  it('prunes lock files, logs, ignore files and system files, keeps code', () => {
    for (const name of [
      'package-lock.json',
      'yarn.lock',
      'debug.log',
      '.gitignore',
      '.DS_Store',
      'x.bak',
    ]) {
      expect(isPrunedFile(name)).toBe(true);
    }
    for (const name of ['index.js', 'package.json', 'README.md', 'lock.ts']) {
      expect(isPrunedFile(name)).toBe(false);
    }
  });
});
