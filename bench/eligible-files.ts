import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * An independent re-walk with the eligibility rules of docs/product.md, written apart from the engine on purpose: the
 * exactness check must not share the code it checks. Used to list what the engine should have
 * included when its overview cannot be read, and to decode each file's text for counting.
 */

const EXCLUDED_FOLDERS = new Set([
  'node_modules',
  '.git',
  '__pycache__',
  'venv',
  'env',
  '.idea',
  '.vscode',
  'dist',
  'build',
  'coverage',
  '__macosx',
]);

const EXCLUDED_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  '.ds_store',
  'thumbs.db',
  'desktop.ini',
]);

const BINARY_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'bmp',
  'ico',
  'webp',
  'tif',
  'tiff',
  'psd',
  'avif',
  'heic',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'zip',
  'gz',
  'tgz',
  'bz2',
  'xz',
  '7z',
  'rar',
  'tar',
  'jar',
  'war',
  'mp3',
  'mp4',
  'wav',
  'ogg',
  'flac',
  'avi',
  'mov',
  'webm',
  'mkv',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'exe',
  'dll',
  'so',
  'dylib',
  'bin',
  'o',
  'a',
  'class',
  'wasm',
  'pyc',
  'node',
  'sqlite',
  'db',
  'glb',
  'ktx2',
  'hdr',
  'exr',
  'dds',
  'basis',
]);

export const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Relative POSIX paths of the files the rules keep by name and size (content is judged later). */
export async function listCandidates(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (dir: string, prefix: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const lower = entry.name.toLowerCase();
      if (entry.isDirectory()) {
        if (!EXCLUDED_FOLDERS.has(lower)) await visit(path.join(dir, entry.name), relative);
      } else if (entry.isFile() && !EXCLUDED_FILES.has(lower) && !lower.startsWith('._')) {
        const extension = lower.includes('.') ? lower.slice(lower.lastIndexOf('.') + 1) : '';
        if (BINARY_EXTENSIONS.has(extension)) continue;
        if ((await stat(path.join(dir, entry.name))).size > MAX_FILE_BYTES) continue;
        found.push(relative);
      }
    }
  };
  await visit(root, '');
  return found.sort();
}

/**
 * The file's text as the engine decodes it (UTF-16 with a BOM, else strict UTF-8), or undefined
 * when it is binary or not decodable.
 */
export async function readText(root: string, relative: string): Promise<string | undefined> {
  return decodeText(await readFile(path.join(root, ...relative.split('/'))));
}

export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const sniff = bytes.subarray(0, 8000);
  if (sniff.includes(0)) return undefined;
  try {
    // `ignoreBOM: false` (the default) drops a UTF-8 BOM, as the engine does.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
