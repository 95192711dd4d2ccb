import { extensionOf } from '@repobundle/contract/files';
import type { FileTree } from '../explorer/file-tree.js';

const IMAGES = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'bmp',
  'ico',
  'tif',
  'tiff',
  'avif',
  'heic',
  'psd',
]);
const FONTS = new Set(['woff', 'woff2', 'ttf', 'otf', 'eot']);

function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * When an archive has files but none a job can process, what it holds instead ("No text files to
 * process: 42 images, 3 fonts"), so a disabled Process button has a reason; else null.
 */
export function noTextFilesReason(tree: FileTree): string | null {
  if (tree.files.length === 0 || tree.files.some((file) => file.reason === null)) return null;
  let images = 0;
  let fonts = 0;
  let binary = 0;
  let folders = 0;
  let system = 0;
  let large = 0;
  for (const file of tree.files) {
    if (file.reason === 'binary') {
      const ext = extensionOf(file.name);
      if (IMAGES.has(ext)) images++;
      else if (FONTS.has(ext)) fonts++;
      else binary++;
    } else if (file.reason === 'excluded folder') folders++;
    else if (file.reason === 'too large') large++;
    else system++;
  }
  const parts = [
    images && count(images, 'image', 'images'),
    fonts && count(fonts, 'font', 'fonts'),
    binary && count(binary, 'other binary file', 'other binary files'),
    folders && count(folders, 'file in excluded folders', 'files in excluded folders'),
    system && count(system, 'lock or system file', 'lock or system files'),
    large && count(large, 'file over 5 MB', 'files over 5 MB'),
  ].filter(Boolean);
  return `No text files to process: ${parts.join(', ')}.`;
}
