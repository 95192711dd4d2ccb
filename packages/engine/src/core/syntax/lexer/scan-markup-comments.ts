import type { ScanResult } from './scan-comments.js';

/** Elements whose content is not markup: comments inside them belong to another language. */
const RAW_ELEMENTS = /^<(script|style|textarea|title)[\s>]/i;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** End of a tag opened at `index`, quoted attribute values skipped. */
function endOfTag(text: string, index: number): number {
  let quote: string | undefined;
  for (let i = index + 1; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return i + 1;
    }
  }
  return -1;
}

/**
 * Finds `<!-- -->` comments in XML-like markup (XML, SVG, Vue, Svelte, Astro). CDATA sections,
 * processing instructions, tags with their attribute values, and the contents of script and style
 * elements are stepped over untouched; a frontmatter block (Astro) is too.
 */
export function scanMarkupComments(text: string): ScanResult {
  const comments: { start: number; end: number }[] = [];
  let i = 0;
  if (text.startsWith('---\n') || text.startsWith('---\r\n')) {
    const close = text.indexOf('\n---', 3);
    if (close === -1) return { ok: false, reason: 'the frontmatter does not end' };
    i = close + 4;
  }
  const skipTo = (closer: string, from: number, what: string): number | string => {
    const at = text.indexOf(closer, from);
    return at === -1 ? `${what} on line ${lineAt(text, from)} does not end` : at + closer.length;
  };
  while (i < text.length) {
    const open = text.indexOf('<', i);
    if (open === -1) break;
    let next: number | string;
    if (text.startsWith('<!--', open)) {
      next = skipTo('-->', open + 4, 'a comment');
      if (typeof next === 'number') comments.push({ start: open, end: next });
    } else if (text.startsWith('<![CDATA[', open)) {
      next = skipTo(']]>', open, 'a CDATA section');
    } else if (text.startsWith('<?', open)) {
      next = skipTo('?>', open, 'a processing instruction');
    } else if (RAW_ELEMENTS.test(text.slice(open, open + 10))) {
      const name = /^<(\w+)/.exec(text.slice(open))?.[1] ?? '';
      const tagEnd = endOfTag(text, open);
      next =
        tagEnd === -1
          ? `a <${name}> tag on line ${lineAt(text, open)} does not end`
          : text.slice(tagEnd - 2, tagEnd) === '/>'
            ? tagEnd
            : skipTo(`</${name}`, tagEnd, `a <${name}> element`);
    } else if (/[A-Za-z/!]/.test(text[open + 1] ?? '')) {
      const tagEnd = endOfTag(text, open);
      next = tagEnd === -1 ? `a tag on line ${lineAt(text, open)} does not end` : tagEnd;
    } else {
      next = open + 1;
    }
    if (typeof next === 'string') return { ok: false, reason: next };
    i = next;
  }
  return { ok: true, comments };
}
