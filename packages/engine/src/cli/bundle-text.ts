import type { BundleOutput } from '../core/assemble-bundle.js';
import type { OutputFormat } from '../config/options.js';

/**
 * The whole bundle as one text in the format's own structure, for --single-file: markdown, text
 * and custom output in order (overview first); json an array of the overview and every chunk;
 * yaml a stream of documents; xml one <bundle> element around them. CSV has one table per kind
 * (the overview's columns differ from a chunk's), so it gets every chunk's rows under one header
 * and the overview is left out, which `note` says.
 */
export function singleFileText(
  bundle: BundleOutput,
  format: OutputFormat,
): { text: string; note?: string } {
  const overview = bundle.overview.text;
  const chunks = bundle.chunks.map((chunk) => chunk.text);
  switch (format) {
    case 'json':
      return { text: `[\n${[overview, ...chunks].map((text) => text.trimEnd()).join(',\n')}\n]\n` };
    case 'yaml':
      return { text: [overview, ...chunks].map((text) => `---\n${text}`).join('') };
    case 'xml': {
      const body = [overview, ...chunks].map((text) => text.replace(/^<\?xml[^>]*\?>\n?/, ''));
      return {
        text: `<?xml version="1.0" encoding="UTF-8"?>\n<bundle>\n${body.join('')}</bundle>\n`,
      };
    }
    case 'csv': {
      const [first, ...rest] = chunks;
      const rows = rest.map((text) => text.slice(text.indexOf('\n') + 1));
      return {
        text: [first ?? '', ...rows].join(''),
        note: 'CSV holds one table: the file has every chunk, the overview is left out (write a folder with -o to get overview.csv).',
      };
    }
    default:
      return { text: [overview, ...chunks].join('\n') };
  }
}

/** Every chunk in order, each with its own header: what --stdout and --copy give. */
export function chunksText(bundle: BundleOutput): string {
  return bundle.chunks.map((chunk) => chunk.text).join('');
}
