import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../config/options.js';
import { parseCommand } from './parse-args.js';

describe('--secret-pattern', () => {
  it('collects every occurrence into customSecretPatterns', () => {
    const command = parseCommand([
      'pack',
      'repo',
      '--redact-secrets',
      '--secret-pattern',
      'acme_[a-z0-9]{32}',
      '--secret-pattern=corp-(\\d{6})',
    ]);
    expect(command.kind === 'pack' && command.options).toMatchObject({
      redactSecrets: true,
      customSecretPatterns: ['acme_[a-z0-9]{32}', 'corp-(\\d{6})'],
    });
  });

  it('leaves the option out when the flag is absent', () => {
    const command = parseCommand(['pack', 'repo']);
    expect(command.kind === 'pack' && 'customSecretPatterns' in command.options).toBe(false);
  });

  it('passes a dangerous pattern on for the option check to refuse', () => {
    const command = parseCommand(['pack', 'repo', '--secret-pattern', '(a+)+']);
    if (command.kind !== 'pack') throw new Error('expected a pack command');
    expect(() => resolveOptions(command.options)).toThrow(/exponential/);
  });
});

describe('mcp', () => {
  it('is a command of its own, without options or arguments', () => {
    expect(parseCommand(['mcp'])).toEqual({ kind: 'mcp' });
    expect(() => parseCommand(['mcp', 'here'])).toThrow(/Unexpected argument "here"/);
    expect(() => parseCommand(['mcp', '--json'])).toThrow(
      /repobundle mcp takes no options; got --json/,
    );
  });
});
