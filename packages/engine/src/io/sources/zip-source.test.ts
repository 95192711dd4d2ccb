import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { EngineError } from '../../errors.js';
import type { ArchiveFiles } from './archive-bytes.js';
import { readLocatedEntry } from './read-located-entry.js';
import { checkZipFile, openZipSource } from './zip-source.js';
import { writeRawZip } from './test-support/raw-zip-writer.js';
import { createTempDir } from './test-support/temp-dir.js';

let temp: Awaited<ReturnType<typeof createTempDir>>;
beforeAll(async () => {
  temp = await createTempDir('zip-source');
});
afterAll(() => temp.cleanup());

const text = (value: string) => Buffer.from(value, 'utf8');
const BIG = text('export const line = "some repeated source text";\n'.repeat(5000));

/** A realistic archive: deflated, stored, streamed (data descriptor) entries and folders. */
function buildGoodZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addEmptyDirectory('project/');
  zip.addBuffer(text('console.log(1);\n'), 'project/src/index.ts');
  zip.addBuffer(text('# Title\n'), 'project/README.md', { compress: false });
  zip.addReadStream(Readable.from([text('streamed '), text('content')]), 'project/docs/guide.md');
  zip.addBuffer(BIG, 'project/src/big.ts');
  zip.addBuffer(Buffer.alloc(0), 'project/empty.txt');
  zip.addEmptyDirectory('project/empty-folder');
  zip.end();
  return collect(zip);
}

function collect(zip: yazl.ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const decode = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('openZipSource', () => {
  it('lists files only, sorted by path, with declared sizes', async () => {
    const file = await temp.writeTempFile(await buildGoodZip(), '.zip');
    const source = await openZipSource(file);
    expect(source.kind).toBe('zip');
    expect(source.name).toMatch(/^file-\d+\.zip$/);
    expect(source.entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['project/README.md', 8],
      ['project/docs/guide.md', 16],
      ['project/empty.txt', 0],
      ['project/src/big.ts', BIG.length],
      ['project/src/index.ts', 16],
    ]);
    await source.close();
  });

  it('reads deflated, stored, streamed and empty entries', async () => {
    const source = await openZipSource(await temp.writeTempFile(await buildGoodZip()));
    const byPath = new Map(source.entries.map((entry) => [entry.path, entry]));
    expect(decode(await byPath.get('project/README.md')!.read())).toBe('# Title\n');
    expect(decode(await byPath.get('project/src/index.ts')!.read())).toBe('console.log(1);\n');
    expect(decode(await byPath.get('project/docs/guide.md')!.read())).toBe('streamed content');
    expect((await byPath.get('project/empty.txt')!.read()).length).toBe(0);
    expect(Buffer.compare(Buffer.from(await byPath.get('project/src/big.ts')!.read()), BIG)).toBe(
      0,
    );
    await source.close();
  });

  it('serves many concurrent reads of the same and different entries', async () => {
    const source = await openZipSource(await temp.writeTempFile(await buildGoodZip()));
    const reads = [1, 2, 3].flatMap(() => source.entries.map((entry) => entry.read()));
    const results = await Promise.all(reads);
    results.forEach((bytes, index) => {
      expect(bytes.length).toBe(source.entries[index % source.entries.length]!.size);
    });
    await source.close();
  });

  it('reads a central directory of several megabytes (entries across cache blocks)', async () => {
    const zip = new yazl.ZipFile();
    const count = 15_000;
    const name = (i: number) =>
      `deep/${'folder-name/'.repeat(8)}file-${String(i).padStart(5, '0')}.txt`;
    for (let i = 0; i < count; i++)
      zip.addBuffer(text(`entry ${i}\n`), name(i), { compress: false });
    zip.end();
    const source = await openZipSource(await temp.writeTempFile(await collect(zip)));
    expect(source.entries).toHaveLength(count);
    for (const i of [0, 7_777, count - 1]) {
      const entry = source.entries[i]!;
      expect(entry.path).toBe(name(i));
      expect(decode(await entry.read())).toBe(`entry ${i}\n`);
    }
    await source.close();
  });

  it('reads lazily: a corrupt entry fails only its own read, with its path', async () => {
    const zip = writeRawZip([
      { name: 'good.txt', data: 'good' },
      { name: 'bad.txt', data: 'abcd' },
    ]);
    const corrupted = Buffer.from(zip);
    corrupted.write('ABCD', zip.indexOf('abcd'));
    const source = await openZipSource(await temp.writeTempFile(corrupted));
    const [bad, good] = source.entries;
    const error: unknown = await bad!.read().catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'SOURCE_UNREADABLE', entry: 'bad.txt' });
    expect((error as EngineError).message).toContain('CRC');
    expect(decode(await good!.read())).toBe('good');
    await source.close();
  });

  it('refuses to return more or fewer bytes than declared', async () => {
    const source = await openZipSource(
      await temp.writeTempFile(
        writeRawZip([
          { name: 'short.txt', method: 8, data: 'abc', declaredSize: 10 },
          { name: 'long.txt', method: 8, data: 'abcdefghij', declaredSize: 3 },
        ]),
      ),
    );
    for (const entry of source.entries) {
      await expect(entry.read()).rejects.toMatchObject({
        code: 'SOURCE_UNREADABLE',
        entry: entry.path,
      });
    }
    await source.close();
  });

  it('fails the read of an unsupported compression method, not the whole archive', async () => {
    const source = await openZipSource(
      await temp.writeTempFile(writeRawZip([{ name: 'x.bz2', method: 12, data: 'zz' }])),
    );
    await expect(source.entries[0]!.read()).rejects.toThrow(/compression method 12/);
    await source.close();
  });

  it('closes safely twice and refuses reads after close', async () => {
    const source = await openZipSource(await temp.writeTempFile(await buildGoodZip()));
    await source.close();
    await source.close();
    await expect(source.entries[0]!.read()).rejects.toMatchObject({ code: 'SOURCE_UNREADABLE' });
  });

  it('normalises names: backslashes, ./ prefixes and a root ./ folder entry', async () => {
    const source = await openZipSource(
      await temp.writeTempFile(
        writeRawZip([
          { name: './' },
          { name: 'src\\win.ts', data: 'w' },
          { name: './lib//a.ts', data: 'a' },
        ]),
      ),
    );
    expect(source.entries.map((entry) => entry.path)).toEqual(['lib/a.ts', 'src/win.ts']);
    await source.close();
  });
});

/** Writes `bytes` as consecutive part files cut at `cuts` (offsets into the whole). */
async function writeParts(bytes: Buffer, cuts: readonly number[]): Promise<ArchiveFiles> {
  const bounds = [0, ...cuts, bytes.length];
  const parts: string[] = [];
  for (let index = 0; index + 1 < bounds.length; index++) {
    parts.push(await temp.writeTempFile(bytes.subarray(bounds[index], bounds[index + 1]), '.part'));
  }
  return { name: 'upload.zip', parts };
}

describe('an archive kept in parts', () => {
  /** The entries' paths and bytes, read on this thread and as a worker thread reads them. */
  async function contentsOf(archive: ArchiveFiles) {
    const source = await openZipSource(archive);
    try {
      return await Promise.all(
        source.entries.map(async (entry) => {
          const located = readLocatedEntry(entry.path, entry.location!);
          return [entry.path, decode(await entry.read()), decode(located)];
        }),
      );
    } finally {
      await source.close();
    }
  }

  it('reads as the joined file does, cut inside headers, data and the central directory', async () => {
    const zip = await buildGoodZip();
    const whole = await contentsOf(await temp.writeTempFile(zip));
    const bigAt = zip.indexOf(Buffer.from('project/src/big.ts'));
    const cuts = [
      // inside the first local header, inside the big entry's data, inside the directory
      [10],
      [bigAt + 40, bigAt + 500],
      [zip.length - 60],
      Array.from({ length: Math.floor((zip.length - 1) / 97) }, (_, i) => (i + 1) * 97),
    ];
    for (const at of cuts) {
      const parted = await contentsOf(await writeParts(zip, at));
      expect(parted).toEqual(whole);
      for (const [, inline, located] of parted) expect(located).toBe(inline);
    }
  });

  it('hands a worker only the parts that hold an entry', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(text('# Title\n'), 'a.md');
    zip.addBuffer(Buffer.alloc(400_000, 7), 'b.bin', { compress: false });
    zip.addBuffer(text('tail\n'), 'c.md');
    zip.end();
    const archive = await writeParts(await collect(zip), [200_000]);
    const [first, second] = (archive as { parts: readonly string[] }).parts;
    const source = await openZipSource(archive);
    const partsOf = (path: string) => {
      const location = source.entries.find((entry) => entry.path === path)!.location!;
      return (location as { archive: readonly { path: string }[] }).archive.map(
        (part) => part.path,
      );
    };
    expect(partsOf('a.md')).toEqual([first]);
    expect(partsOf('b.bin')).toEqual([first, second]);
    expect(partsOf('c.md')).toEqual([second]);
    for (const entry of source.entries) {
      expect(Buffer.from(readLocatedEntry(entry.path, entry.location!))).toEqual(
        Buffer.from(await entry.read()),
      );
    }
    await source.close();
  });

  it('names the archive by its given name when it is not a ZIP', async () => {
    const archive = await writeParts(Buffer.from('not a zip at all, only some text here'), [5]);
    await expect(openZipSource(archive)).rejects.toMatchObject({
      code: 'ZIP_INVALID',
      message: expect.stringMatching(/^upload\.zip is not a valid ZIP archive: it is not a ZIP/),
    });
    expect(await checkZipFile(await writeParts(await buildGoodZip(), [3]))).toMatchObject({
      entries: 5,
    });
  });
});

describe('a listing from an earlier open', () => {
  it('opens the same bytes without reading their directory again', async () => {
    const zip = await buildGoodZip();
    const file = await temp.writeTempFile(zip);
    const first = await openZipSource(file);
    const listing = first.listing!;
    const contents = await Promise.all(first.entries.map(async (e) => decode(await e.read())));
    await first.close();
    expect(listing.archiveBytes).toBe(zip.length);

    // The directory is damaged in place: judging it fails, the listing still opens the entries.
    const damaged = Buffer.from(zip);
    damaged.writeUInt32LE(0, damaged.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])));
    await writeFile(file, damaged);
    await expect(openZipSource(file)).rejects.toMatchObject({ code: 'ZIP_INVALID' });
    const again = await openZipSource(file, undefined, listing);
    expect(again.entries.map((entry) => entry.path)).toEqual(first.entries.map((e) => e.path));
    expect(await Promise.all(again.entries.map(async (e) => decode(await e.read())))).toEqual(
      contents,
    );
    expect(again.listing).toBe(listing);
    await again.close();
  });

  it('judges the directory when the listing is of bytes of another size', async () => {
    const file = await temp.writeTempFile(await buildGoodZip());
    const stale = { archiveBytes: 1, files: [] };
    const source = await openZipSource(file, undefined, stale);
    expect(source.entries).toHaveLength(5);
    expect(source.listing).not.toBe(stale);
    await source.close();
  });
});

describe('ZIP64', () => {
  it('reads an archive written in ZIP64 format', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(text('sixty-four'), 'a/b.txt', { forceZip64Format: true });
    zip.addBuffer(BIG, 'big.ts', { forceZip64Format: true });
    zip.end({ forceZip64Format: true, comment: '' });
    const source = await openZipSource(await temp.writeTempFile(await collect(zip)));
    expect(source.entries.map((entry) => [entry.path, entry.size])).toEqual([
      ['a/b.txt', 10],
      ['big.ts', BIG.length],
    ]);
    expect(decode(await source.entries[0]!.read())).toBe('sixty-four');
    await source.close();
  });
});

describe('checkZipFile', () => {
  it('counts files and declared bytes without opening a source', async () => {
    const file = await temp.writeTempFile(await buildGoodZip());
    expect(await checkZipFile(file)).toEqual({
      entries: 5,
      totalBytes: 8 + 16 + 0 + BIG.length + 16,
    });
  });
});
