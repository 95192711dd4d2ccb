import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configJsonSchema, loadConfig, stripJsonComments } from './config-file.js';
import { STARTER_CONFIG } from './init-command.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'repobundle-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the config file', () => {
  it('reads JSON with comments and keeps only the keys it sets', async () => {
    await writeFile(
      join(dir, 'repobundle.config.json'),
      '{\n  // a comment with "quotes"\n  "removeComments": true, /* and a block */\n  "excludePatterns": ["a//b", "/*x*/"]\n}\n',
    );
    expect(await loadConfig(undefined, dir)).toEqual({
      path: join(dir, 'repobundle.config.json'),
      values: { removeComments: true, excludePatterns: ['a//b', '/*x*/'] },
    });
  });

  it('names the file and the key that is not an option', async () => {
    const file = join(dir, 'typo.json');
    await writeFile(file, '{ "removeComents": true, "tokenLimit": "big" }');
    await expect(loadConfig(file, undefined)).rejects.toThrow(
      `${file}: "tokenLimit": Invalid input: expected number, received string; unknown key "removeComents" (see repobundle init for the keys)`,
    );
  });

  it('is optional in the input folder but required when named', async () => {
    const empty = await mkdtemp(join(dir, 'empty-'));
    expect(await loadConfig(undefined, empty)).toBeUndefined();
    await expect(loadConfig(join(empty, 'nope.json'), undefined)).rejects.toThrow(
      /Cannot read the config file/,
    );
  });

  it('accepts the starter config that repobundle init writes', async () => {
    const file = join(dir, 'starter.json');
    await writeFile(file, STARTER_CONFIG);
    const loaded = await loadConfig(file, undefined);
    expect(loaded?.values).toMatchObject({ outputFormat: 'md', output: 'bundle', topFiles: 5 });
  });

  it('keeps comment markers inside strings', () => {
    expect(JSON.parse(stripJsonComments('{"a": "// not a comment", // one\n"b": 1}'))).toEqual({
      a: '// not a comment',
      b: 1,
    });
  });

  it('publishes the JSON Schema generated from the options schema', async () => {
    const published = JSON.parse(
      await readFile(
        new URL('../../schema/repobundle.config.schema.json', import.meta.url),
        'utf8',
      ),
    );
    // Regenerate with: npx tsx packages/engine/scripts/write-config-schema.ts
    expect(published).toEqual(configJsonSchema());
    expect(Object.keys(published.properties)).toEqual(
      expect.arrayContaining(['outputFormat', 'tokenLimit', 'removeComments', 'output']),
    );
    expect(published.additionalProperties).toBe(false);
  });
});
