// Gzipped JavaScript a visitor downloads for the landing page: the entry chunk, its static
// imports, and the landing route's lazy chunk with its own static imports (from Vite's manifest).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

const files = collect('index.html');
collect('src/pages/landing/landing-page.tsx', files);
let total = 0;
for (const file of [...files].filter((name) => name.endsWith('.js'))) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  ${file}`);
}
const limit = 150 * 1024;
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} kB  landing page JavaScript, gzipped (limit 150 kB)`,
);
if (total > limit) process.exitCode = 1;
