// Compiles assembly/ascii-counter.ts (AssemblyScript) to WebAssembly and writes the module's
// bytes, base64, into src/core/tokens/ascii-counter-wasm.ts: a plain module that Node, Vite and
// workers all import the same way, with no file to fetch at run time. The output is not kept in
// git; `npm ci` (prepare) and the engine's build write it.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import asc from 'assemblyscript/asc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'assembly', 'ascii-counter.ts');
const target = join(root, 'src', 'core', 'tokens', 'ascii-counter-wasm.ts');

let binary;
const { error, stderr } = await asc.main(
  [
    source,
    '--outFile',
    'ascii-counter.wasm',
    '-O3',
    '--runtime',
    'stub',
    '--noAssert',
    '--importMemory',
    '--initialMemory',
    '1',
    '--noColors',
  ],
  {
    readFile: (name, baseDir) => readFile(join(baseDir, name), 'utf8').catch(() => null),
    writeFile: (name, contents) => {
      if (name.endsWith('.wasm')) binary = contents;
    },
    listFiles: () => [],
  },
);
if (error || !binary) {
  console.error(stderr.toString());
  throw error ?? new Error('asc wrote no module');
}
const text = `// Written by scripts/build-ascii-counter.mjs from assembly/ascii-counter.ts: do not edit.
/** The compiled ASCII counter (WebAssembly, base64). */
export const ASCII_COUNTER_WASM =
  '${Buffer.from(binary).toString('base64')}';
`;
const previous = await readFile(target, 'utf8').catch(() => '');
if (previous !== text) await writeFile(target, text);
console.log(`ascii counter: ${binary.length} bytes of WebAssembly`);
