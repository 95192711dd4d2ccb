// @vitest-environment node
// Node's Blob and DecompressionStream are the same web APIs Chromium provides.
import { describe, expect, it } from 'vitest';
import { buildZip } from './build-zip.testing.js';
import { readCentralDirectory } from './read-central-directory.js';
import { readZipEntry } from './read-zip-entry.js';
import { ZipError } from './zip-error.js';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function expectZipError(promise: Promise<unknown>, kind: ZipError['kind']) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ZipError);
  expect((error as ZipError).kind).toBe(kind);
}

describe('readCentralDirectory', () => {
  it('lists files and folders with their sizes, and reads stored and deflated entries', async () => {
    const big = 'const answer = 42;\n'.repeat(500);
    const zip = await buildZip([
      { name: 'repo/' },
      { name: 'repo/src/index.ts', data: big, deflate: true },
      { name: 'repo/README.md', data: '# Hello\n' },
      { name: 'repo/empty/' },
    ]);
    const listing = await readCentralDirectory(zip);
    expect(listing.entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['repo/src/index.ts', big.length],
      ['repo/README.md', 8],
    ]);
    expect(listing.folders).toEqual(['repo', 'repo/empty']);
    expect(listing.problems).toEqual([]);
    const [deflated, stored] = listing.entries;
    expect(deflated!.method).toBe(8);
    expect(deflated!.compressedSize).toBeLessThan(big.length);
    expect(text((await readZipEntry(zip, deflated!)).bytes)).toBe(big);
    expect(text((await readZipEntry(zip, stored!)).bytes)).toBe('# Hello\n');
  });

  it('decompresses only the start of an entry when asked for fewer bytes', async () => {
    const data = 'x'.repeat(300_000);
    const zip = await buildZip([{ name: 'a.txt', data, deflate: true }]);
    const [entry] = (await readCentralDirectory(zip)).entries;
    const head = await readZipEntry(zip, entry!, 1000);
    expect(head.bytes.length).toBe(1000);
    expect(head.truncated).toBe(true);
    const whole = await readZipEntry(zip, entry!, 300_000);
    expect(whole.truncated).toBe(false);
    expect(whole.bytes.length).toBe(300_000);
  });

  it('reads ZIP64 records (sizes and offsets in the extra field)', async () => {
    const zip = await buildZip(
      [
        { name: 'a/one.py', data: 'print(1)\n' },
        { name: 'a/two.py', data: 'print(2)\n', deflate: true },
      ],
      { zip64: true },
    );
    const listing = await readCentralDirectory(zip);
    expect(listing.entries.map((entry) => entry.path)).toEqual(['a/one.py', 'a/two.py']);
    expect(text((await readZipEntry(zip, listing.entries[1]!)).bytes)).toBe('print(2)\n');
  });

  it('finds the archive behind a prepended stub and past a comment that mimics a signature', async () => {
    const fakeEnd = String.fromCharCode(0x50, 0x4b, 0x05, 0x06);
    for (const zip64 of [false, true]) {
      const zip = await buildZip([{ name: 'x.js', data: 'let x;\n' }], {
        zip64,
        prefix: new Uint8Array(1234).fill(7),
        comment: `made by ${fakeEnd} a test`,
      });
      const listing = await readCentralDirectory(zip);
      expect(listing.entries[0]!.localHeaderOffset).toBe(1234);
      expect(text((await readZipEntry(zip, listing.entries[0]!)).bytes)).toBe('let x;\n');
    }
  });

  it('normalises names as the server does and reports what the server refuses', async () => {
    const zip = await buildZip([
      { name: 'win\\style\\path.cs', data: 'class A {}' },
      { name: './dot/./file.txt', data: 'x' },
      { name: '../escape.txt', data: 'x' },
      { name: '/etc/passwd', data: 'x' },
      { name: 'link', data: 'target', mode: 0o120777 },
      { name: 'bad', rawName: new Uint8Array([0x66, 0xff, 0x2e, 0x74]), data: 'x' },
    ]);
    const listing = await readCentralDirectory(zip);
    expect(listing.entries.map((entry) => entry.path)).toEqual([
      'win/style/path.cs',
      'dot/file.txt',
    ]);
    expect(listing.problems).toEqual([
      '"../escape.txt" climbs out of the archive',
      '"/etc/passwd" is an absolute path',
      '"link" is a symbolic link',
      'an entry name is neither ASCII nor UTF-8',
    ]);
  });

  it('tells a file that is no ZIP from a ZIP whose directory is damaged', async () => {
    await expectZipError(readCentralDirectory(new Blob(['just some text, no archive'])), 'not-zip');
    await expectZipError(readCentralDirectory(new Blob([])), 'not-zip');

    const zip = new Uint8Array(
      await (await buildZip([{ name: 'a.txt', data: 'hello' }])).arrayBuffer(),
    );
    const directoryAt = zip.length - 22 - (46 + 5);
    const damaged = zip.slice();
    damaged[directoryAt] = 0; // central record signature
    await expectZipError(readCentralDirectory(new Blob([damaged])), 'corrupt');
    const cut = zip.slice(directoryAt + 10);
    await expectZipError(readCentralDirectory(new Blob([cut])), 'corrupt');
  });

  it('lists a 200 MB archive of 50,000 entries in well under 2 seconds', async () => {
    const payload = new Uint8Array(4000);
    for (let i = 0; i < payload.length; i++) payload[i] = (i * 7919) & 0xff;
    const entries = Array.from({ length: 50_000 }, (_, i) => ({
      name: `repo/pkg-${i % 50}/module-${Math.floor(i / 50) % 40}/file-${i}.ts`,
      data: payload,
      skipCrc: true,
    }));
    const zip = await buildZip(entries);
    expect(zip.size).toBeGreaterThan(200_000_000);
    const started = performance.now();
    const listing = await readCentralDirectory(zip);
    const elapsed = performance.now() - started;
    console.log(
      `[zip] listed ${listing.entries.length} entries of a ${(zip.size / 1e6).toFixed(0)} MB archive in ${elapsed.toFixed(0)} ms`,
    );
    expect(listing.entries).toHaveLength(50_000);
    expect(elapsed).toBeLessThan(2000);
  });
});
