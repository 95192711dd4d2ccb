import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../config/options.js';
import { describeOptions } from './overview-model.js';

describe('describeOptions', () => {
  it('counts custom secret patterns and never prints them', () => {
    const described = describeOptions(
      resolveOptions({ redactSecrets: true, customSecretPatterns: ['hunter2-[0-9]{4}'] }),
    );
    expect(described.custom_secret_patterns).toBe('1 patterns');
    expect(JSON.stringify(described)).not.toContain('hunter2');
  });
});
