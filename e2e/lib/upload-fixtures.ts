import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZip, type ZipInput } from './zip-writer.js';

// The archives the upload journeys use, written once per run into a temporary folder.

const ts = (name: string, lines: number) =>
  Array.from(
    { length: lines },
    (_, i) =>
      `export function ${name}${i}(value: number): string {\n  // step ${i}\n  return \`${name} \${value * ${i}}\`;\n}\n`,
  ).join('');

const py = (lines: number) =>
  Array.from(
    { length: lines },
    (_, i) => `def handler_${i}(request):\n    """Answer ${i}."""\n    return {"status": ${i}}\n`,
  ).join('');

/** A small web shop: several languages, excluded and binary files, a 3 MB generated file. */
function shopFiles(): ZipInput[] {
  return [
    {
      name: 'shop/README.md',
      data: '# Shop\n\nA demo storefront.\n\n## Setup\n\nRun `npm start`.\n',
    },
    { name: 'shop/docs/guide.md', data: '# Guide\n\nHow the cart works.\n' },
    { name: 'shop/src/app.ts', data: ts('route', 60) },
    { name: 'shop/src/cart.ts', data: ts('cart', 30) },
    {
      name: 'shop/src/components/Button.tsx',
      data: 'export function Button({ label }: { label: string }) {\n  return <button className="btn">{label}</button>;\n}\n',
    },
    { name: 'shop/src/server/api.py', data: py(40) },
    { name: 'shop/src/server/models.py', data: py(20) },
    {
      name: 'shop/styles/main.css',
      data: '/* theme */\n.btn {\n  color: #333;\n  padding: 4px 8px;\n}\n',
    },
    { name: 'shop/config/settings.json', data: '{\n  "currency": "EUR",\n  "tax": 0.2\n}\n' },
    { name: 'shop/config/deploy.yml', data: 'service: shop\nreplicas: 2\n' },
    { name: 'shop/node_modules/left-pad/index.js', data: 'module.exports = (s) => s;\n' },
    { name: 'shop/package-lock.json', data: '{ "lockfileVersion": 3 }\n' },
    // Incompressible and stored: the archive needs several 2 MB chunks to upload.
    { name: 'shop/assets/hero.png', data: randomBytes(4_500_000), store: true },
    { name: 'shop/src/generated/big-table.ts', data: ts('row', 30_000) },
  ];
}

function* monorepoFiles(count: number): Generator<ZipInput> {
  const kinds = ['ts', 'ts', 'py', 'md', 'json'];
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length]!;
    const name = `mono/packages/pkg-${i % 40}/src/module-${Math.floor(i / 40) % 25}/file-${i}.${kind}`;
    const body =
      kind === 'ts'
        ? ts(`f${i}_`, 6)
        : kind === 'py'
          ? py(8)
          : kind === 'md'
            ? `# File ${i}\n\n${'Some words about this module. '.repeat(40)}\n`
            : JSON.stringify(
                { id: i, tags: Array.from({ length: 80 }, (_, t) => `tag-${t}`) },
                null,
                2,
              );
    yield { name, data: body };
  }
}

function* hugeFiles(count: number, size: number): Generator<ZipInput> {
  const payload = randomBytes(size);
  for (let i = 0; i < count; i++) {
    yield { name: `huge/part-${i % 100}/chunk-${i}.dat`, data: payload, store: true };
  }
}

export interface UploadFixtures {
  dir: string;
  shop: string;
  tiny: string;
  notZip: string;
  fakeZip: string;
  corruptZip: string;
  tooLargeForFree: string;
  monorepo20k: string;
  streaming: string;
  huge50k: string;
}

export function writeUploadFixtures(): UploadFixtures {
  const dir = mkdtempSync(join(tmpdir(), 'repobundle-upload-e2e-'));
  const path = (name: string) => join(dir, name);
  writeZip(path('shop.zip'), shopFiles());
  writeZip(path('tiny.zip'), [
    { name: 'hello/hello.py', data: 'print("hello")\n' },
    { name: 'hello/README.md', data: '# Hello\n' },
  ]);
  writeFileSync(path('notes.txt'), 'not an archive\n');
  writeFileSync(path('fake.zip'), 'this is text pretending to be a zip\n'.repeat(20));
  // A real archive whose central directory signature is broken.
  const good = path('corrupt.zip');
  writeZip(good, [{ name: 'a.ts', data: 'export const a = 1;\n' }]);
  const bytes = readFileSync(good);
  const directory = bytes.length - 22 - (46 + 'a.ts'.length);
  bytes[directory] = 0;
  writeFileSync(good, bytes);
  writeZip(path('too-large.zip'), [
    { name: 'blob.bin', data: randomBytes(10_600_000), store: true },
  ]);
  writeZip(path('monorepo-20k.zip'), monorepoFiles(20_000));
  writeZip(path('streaming.zip'), [
    { name: 'app/src/index.ts', data: ts('main', 20) },
    { name: 'app/src/util.py', data: py(10) },
    { name: 'app/data/blob.bin', data: randomBytes(10_800_000), store: true },
  ]);
  writeZip(path('huge-50k.zip'), hugeFiles(50_000, 4_000));
  return {
    dir,
    shop: path('shop.zip'),
    tiny: path('tiny.zip'),
    notZip: path('notes.txt'),
    fakeZip: path('fake.zip'),
    corruptZip: good,
    tooLargeForFree: path('too-large.zip'),
    monorepo20k: path('monorepo-20k.zip'),
    streaming: path('streaming.zip'),
    huge50k: path('huge-50k.zip'),
  };
}
