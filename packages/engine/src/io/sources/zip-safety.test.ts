import { deflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../errors.js';
import type { EngineErrorCode } from '../../errors.js';
import { checkZipFile, openZipSource } from './zip-source.js';
import type { ZipLimits } from './zip-limits.js';
import { S_IFDIR, S_IFLNK, unicodePathExtra, writeRawZip } from './test-support/raw-zip-writer.js';
import type { RawZipEntry } from './test-support/raw-zip-writer.js';
import { createTempDir } from './test-support/temp-dir.js';

let temp: Awaited<ReturnType<typeof createTempDir>>;
beforeAll(async () => {
  temp = await createTempDir('zip-safety');
});
afterAll(() => temp.cleanup());

// A harmless first entry proves the whole directory is judged, not just what comes first.
const GOOD: RawZipEntry = { name: 'ok.txt', data: 'fine' };
const MIB = 1024 * 1024;

async function openRaw(entries: RawZipEntry[], limits?: Partial<ZipLimits>) {
  return openZipSource(await temp.writeTempFile(writeRawZip(entries)), limits);
}

async function expectRefused(
  entries: RawZipEntry[],
  code: EngineErrorCode,
  entryShown: string | undefined,
  limits?: Partial<ZipLimits>,
): Promise<EngineError> {
  const error: unknown = await openRaw(entries, limits).then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(EngineError);
  const engineError = error as EngineError;
  expect(engineError.code).toBe(code);
  if (entryShown !== undefined) {
    expect(engineError.entry).toBe(entryShown);
    expect(engineError.message).toContain(`"${entryShown}"`);
  }
  return engineError;
}

describe('zip safety: paths', () => {
  it.each(['../x', 'a/../../x', 'a/b/..', '..\\evil.txt', 'a\\..\\..\\x'])(
    'refuses the traversal %j',
    async (name) => {
      const error = await expectRefused([GOOD, { name, data: 'x' }], 'ZIP_PATH_TRAVERSAL', name);
      expect(error.message).toContain('..');
    },
  );

  it.each(['/etc/passwd', 'C:\\x', 'C:/x', 'c:x', '\\\\host\\share\\x', '//host/share'])(
    'refuses the absolute path %j',
    async (name) => {
      const error = await expectRefused([GOOD, { name, data: 'x' }], 'ZIP_ABSOLUTE_PATH', name);
      expect(error.message).toContain('absolute');
    },
  );

  it('refuses a symlink entry by its unix mode', async () => {
    const link: RawZipEntry = { name: 'passwd', data: '/etc/passwd', unixMode: S_IFLNK };
    const error = await expectRefused([GOOD, link], 'ZIP_SYMLINK', 'passwd');
    expect(error.message).toContain('symbolic link');
  });

  it.each([
    ['the same name twice', ['a.txt', 'a.txt'], 'a.txt'],
    ['names equal after normalising \\', ['src/a.ts', 'src\\a.ts'], 'src\\a.ts'],
    ['names equal after dropping ./ and //', ['src/a.ts', './src//a.ts'], './src//a.ts'],
  ])('refuses duplicates: %s', async (_label, names, shown) => {
    const entries = names.map((name) => ({ name, data: 'x' }));
    const error = await expectRefused([GOOD, ...entries], 'ZIP_DUPLICATE_PATH', shown);
    expect(error.message).toContain(`repeats the path "${names[0] ?? ''}"`);
  });

  it('refuses a path that is both a file and a folder', async () => {
    const entries = [GOOD, { name: 'lib', data: 'x' }, { name: 'lib/a.js', data: 'y' }];
    const error = await expectRefused(entries, 'ZIP_DUPLICATE_PATH', 'lib');
    expect(error.message).toContain('both a file and a folder');
    await expectRefused(
      [GOOD, { name: 'lib/', unixMode: S_IFDIR }, { name: 'lib', data: 'x' }],
      'ZIP_DUPLICATE_PATH',
      'lib',
    );
  });
});

describe('zip safety: names', () => {
  const UTF8_FLAG = 0x800;

  it('refuses invalid UTF-8 when the UTF-8 flag is set', async () => {
    const name = Uint8Array.from([0x61, 0xff, 0x62]);
    const error = await expectRefused(
      [GOOD, { name, data: 'x', flags: UTF8_FLAG }],
      'ZIP_BAD_NAME',
      'a\uFFFDb',
    );
    expect(error.message).toContain('marked as UTF-8');
  });

  it('refuses legacy code-page bytes when the flag is clear', async () => {
    // "café" in CP437: not ASCII and not valid UTF-8.
    const name = Uint8Array.from([0x63, 0x61, 0x66, 0x82]);
    const error = await expectRefused([GOOD, { name, data: 'x' }], 'ZIP_BAD_NAME', 'caf\uFFFD');
    expect(error.message).toContain('neither ASCII nor UTF-8');
  });

  it.each([
    ['NUL', 'a\u0000b.txt', 'a\\u0000b.txt', 'U+0000'],
    ['ESC', 'x\u001b[31m.txt', 'x\\u001b[31m.txt', 'U+001B'],
    ['C1', 'x\u0085y', 'x\\u0085y', 'U+0085'],
  ])('refuses a %s control character and shows it escaped', async (_label, name, shown, named) => {
    const error = await expectRefused(
      [GOOD, { name, data: 'x', flags: UTF8_FLAG }],
      'ZIP_BAD_NAME',
      shown,
    );
    expect(error.message).toContain(named);
  });

  it('accepts UTF-8 names with or without the flag, and Info-ZIP unicode paths', async () => {
    const legacy = Uint8Array.from([0x6e, 0x81, 0x2e, 0x74]);
    const source = await openRaw([
      { name: 'flagged-é.txt', data: '1', flags: UTF8_FLAG },
      { name: 'unflagged-日本.txt', data: '2' },
      { name: legacy, data: '3', extra: unicodePathExtra(legacy, 'nü.t') },
    ]);
    expect(source.entries.map((entry) => entry.path)).toEqual([
      'flagged-é.txt',
      'nü.t',
      'unflagged-日本.txt',
    ]);
    await source.close();
  });
});

describe('zip safety: sizes and bombs', () => {
  it('refuses more entries than the limit before reading them', async () => {
    const entries = Array.from({ length: 5 }, (_, index) => ({ name: `f${index}`, data: 'x' }));
    const error = await expectRefused(entries, 'ZIP_TOO_MANY_ENTRIES', undefined, {
      maxEntries: 4,
    });
    expect(error.message).toContain('5 entries');
    await expect(openRaw(entries, { maxEntries: 5 })).resolves.toBeDefined();
  });

  it('refuses a declared total above the limit, naming the entry that crossed it', async () => {
    const entries = [
      { name: 'a', data: '12345678' },
      { name: 'b', data: '12345678' },
    ];
    const error = await expectRefused(entries, 'ZIP_TOO_LARGE', 'b', { maxTotalBytes: 10 });
    expect(error.message).toContain('16 bytes');
  });

  it('refuses a fake bomb: tiny data declaring a huge size', async () => {
    const bomb: RawZipEntry = {
      name: 'bomb.bin',
      method: 8,
      compressed: deflateRawSync(Buffer.alloc(16)),
      declaredSize: 500 * MIB,
    };
    const error = await expectRefused([GOOD, bomb], 'ZIP_BOMB', 'bomb.bin');
    expect(error.message).toContain('200:1');
  });

  it('refuses real deflated zeros above the ratio and size threshold', async () => {
    const zeros = { name: 'zeros.bin', method: 8, data: Buffer.alloc(5 * MIB) };
    await expectRefused([GOOD, zeros], 'ZIP_BOMB', 'zeros.bin');
  });

  it('lets a small, very compressible file through (below the ratio threshold)', async () => {
    const source = await openRaw([{ name: 'blank.txt', method: 8, data: Buffer.alloc(MIB) }]);
    expect(source.entries[0]?.size).toBe(MIB);
    await source.close();
  });

  it('refuses an archive whose overall ratio is too high although each entry is small', async () => {
    const entries = Array.from({ length: 4 }, (_, index) => ({
      name: `part${index}.bin`,
      method: 8,
      data: Buffer.alloc(60_000),
    }));
    const error = await expectRefused(entries, 'ZIP_BOMB', undefined, { ratioMinBytes: 64 * 1024 });
    expect(error.message).toContain('overall');
  });

  it('refuses records that overlap (one compressed kernel reused)', async () => {
    const kernel: RawZipEntry = { name: 'a.bin', method: 8, data: Buffer.alloc(1000) };
    const reuse: RawZipEntry = { ...kernel, name: 'b.bin', shareLocalHeaderOf: 0 };
    const error = await expectRefused([kernel, reuse], 'ZIP_BOMB', 'a.bin');
    expect(error.message).toContain('overlaps entry "b.bin"');
  });
});

describe('zip safety: encryption and corruption', () => {
  it('refuses an encrypted entry', async () => {
    const secret: RawZipEntry = { name: 'secret.txt', method: 8, data: 'x', flags: 0x1 };
    const error = await expectRefused([GOOD, secret], 'ZIP_ENCRYPTED', 'secret.txt');
    expect(error.message).toContain('encrypted');
  });

  it.each([
    ['a text file renamed .zip', () => Buffer.from('just some text\n'.repeat(10)), 'not a ZIP'],
    ['an empty file', () => Buffer.alloc(0), 'not a ZIP'],
    ['a truncated archive', () => writeRawZip([GOOD, GOOD]).subarray(0, 50), 'truncated'],
    [
      'a central directory pointing past the end',
      () => {
        const zip = writeRawZip([GOOD]);
        zip.writeUInt32LE(zip.length + 100, zip.length - 6);
        return zip;
      },
      'truncated',
    ],
    [
      'a corrupt central directory record',
      () => {
        const zip = writeRawZip([GOOD]);
        zip.writeUInt32LE(0xdeadbeef, zip.readUInt32LE(zip.length - 6));
        return zip;
      },
      'corrupt',
    ],
  ])('refuses %s as ZIP_INVALID with a readable reason', async (_label, build, reason) => {
    const file = await temp.writeTempFile(build());
    const error: unknown = await openZipSource(file).catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('ZIP_INVALID');
    expect((error as EngineError).message).toContain(reason);
    await expect(checkZipFile(file)).rejects.toMatchObject({ code: 'ZIP_INVALID' });
  });

  it('reports a missing archive as SOURCE_NOT_FOUND', async () => {
    await expect(openZipSource(`${temp.dir}/nope.zip`)).rejects.toMatchObject({
      code: 'SOURCE_NOT_FOUND',
    });
    await expect(openZipSource(temp.dir)).rejects.toMatchObject({ code: 'SOURCE_NOT_FOUND' });
  });

  it('checkZipFile applies the same checks', async () => {
    const file = await temp.writeTempFile(writeRawZip([GOOD, { name: '../x', data: 'x' }]));
    await expect(checkZipFile(file)).rejects.toMatchObject({
      code: 'ZIP_PATH_TRAVERSAL',
      entry: '../x',
    });
  });
});
