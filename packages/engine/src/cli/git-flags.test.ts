import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './parse-args.js';
import type { PackCommand } from './parse-args.js';

function packCommand(argv: string[]): PackCommand {
  const command = parseCommand(argv);
  if (command.kind !== 'pack') throw new Error('expected a pack command');
  return command;
}

describe('git flags', () => {
  it('asks for no git context without the flags', () => {
    expect(packCommand(['pack', 'repo']).git).toBeUndefined();
    expect(packCommand(['pack', 'repo']).ref).toBeUndefined();
  });

  it('lists 50 commits for a bare --include-logs, wherever it stands', () => {
    for (const argv of [
      ['pack', 'repo', '--include-logs'],
      ['pack', '--include-logs', 'repo'],
      ['pack', 'repo', '--include-logs', '--include-diffs'],
    ]) {
      expect(packCommand(argv).git?.includeLogs, argv.join(' ')).toBe(50);
    }
  });

  it('takes the number that follows --include-logs, or after =', () => {
    expect(packCommand(['pack', 'repo', '--include-logs', '7']).git?.includeLogs).toBe(7);
    expect(packCommand(['pack', 'repo', '--include-logs=12']).git?.includeLogs).toBe(12);
  });

  it('collects --include-diffs, --sort-by-changes and --ref', () => {
    const command = packCommand([
      'pack',
      'acme/tool',
      '--include-diffs',
      '--sort-by-changes',
      '--ref',
      'release/2.x',
    ]);
    expect(command.git).toEqual({
      includeDiffs: true,
      includeLogs: undefined,
      sortByChanges: true,
    });
    expect(command.ref).toBe('release/2.x');
  });

  it.each([
    [['--include-logs=0'], '--include-logs takes 1 to 10000 commits; got 0.'],
    [['--include-logs=ten'], '--include-logs takes a number of commits, got "ten".'],
    [
      ['--ref', 'a..b'],
      '--ref must name a branch, tag or commit (no spaces, no leading "-"); got "a..b".',
    ],
    [
      ['--ref=-x'],
      '--ref must name a branch, tag or commit (no spaces, no leading "-"); got "-x".',
    ],
  ])('refuses %j as a usage error', (flags, message) => {
    expect(() => parseCommand(['pack', 'repo', ...flags])).toThrow(new UsageError(message));
  });
});
