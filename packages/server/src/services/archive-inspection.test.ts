import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPooledProcessor, type FileProcessor } from '@repobundle/engine';
import yazl from 'yazl';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { inspectArchive, type ArchiveSelection } from './archive-inspection.js';

/** A ZIP whose entries are stored as they are (so a test can corrupt one) or deflated. */
async function zipOf(files: Record<string, string>, stored = false): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) {
    zip.addBuffer(Buffer.from(content), path, { compress: !stored });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const FILES: Record<string, string> = {
  'src/a.ts': 'export const a = 1;\n\nexport const b = 2;\n',
  'src/b.py': 'def f():\n    return 1\n',
  'README.md': '# Title\n\nText without a final newline',
  'empty.txt': '',
  'docs/notes.txt': 'one\r\ntwo\r\nthree\r\n'.repeat(50),
};

describe('inspectArchive', () => {
  const folder = mkdtempSync(join(tmpdir(), 'inspection-'));
  let threads: FileProcessor | undefined;
  const onThreads = () => (threads ??= createPooledProcessor(2));
  afterAll(async () => {
    await threads?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function inspect(zip: Buffer, useThreads: boolean): Promise<ArchiveSelection> {
    const file = join(folder, `${Math.random().toString(36).slice(2)}.zip`);
    writeFileSync(file, zip);
    return inspectArchive(file, [], {}, useThreads ? { threads: onThreads, threadsFrom: 0 } : {});
  }

  it('measures a selection on the engine threads as on its own thread', async () => {
    const zip = await zipOf(FILES);
    const inline = await inspect(zip, false);
    const threaded = await inspect(zip, true);
    expect(threaded).toEqual(inline);
    expect(inline.files).toBe(Object.keys(FILES).length);
    expect(inline.lines).toBe(3 + 2 + 3 + 0 + 150);
    expect(threads?.threadsStarted()).toBeGreaterThan(0);
  });

  it('refuses an archive with a corrupt entry, saying which, on either path', async () => {
    const zip = await zipOf(FILES, true);
    const at = zip.indexOf('def f()');
    zip[at] = 'D'.charCodeAt(0);
    for (const useThreads of [false, true]) {
      const refusal = await inspect(zip, useThreads).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        status: 422,
        code: 'INVALID_ARCHIVE',
        detail: 'Cannot read archive entry "src/b.py": CRC-32 mismatch (corrupt data).',
      });
    }
  });
});
