/**
 * Long texts handed to a model in pages: each page at most `pageChars` characters, cut after a
 * line end when one falls inside it (a single longer line is cut where the page is full), so
 * that the pages put together give back the text exactly.
 */
export const PAGE_CHARS = 20_000;

export interface TextPage {
  readonly text: string;
  /** 1-based. */
  readonly page: number;
  readonly pages: number;
  /** Lines of the whole text this page starts and ends in (1-based, inclusive). */
  readonly firstLine: number;
  readonly lastLine: number;
}

/** Page `page` of `text`, or undefined when the text has fewer pages. */
export function pageText(text: string, page: number, pageChars = PAGE_CHARS): TextPage | undefined {
  const bounds = pageBounds(text, pageChars);
  const bound = bounds[page - 1];
  if (!bound) return undefined;
  const [start, end] = bound;
  const firstLine = countLines(text, 0, start) + 1;
  const body = text.slice(start, end);
  const lastLine = firstLine + countLines(body, 0, Math.max(0, body.length - 1));
  return { text: body, page, pages: bounds.length, firstLine, lastLine };
}

/** How many pages `text` takes. */
export function pageCount(text: string, pageChars = PAGE_CHARS): number {
  return pageBounds(text, pageChars).length;
}

function pageBounds(text: string, pageChars: number): Array<[number, number]> {
  if (text.length === 0) return [[0, 0]];
  const bounds: Array<[number, number]> = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + pageChars, text.length);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline >= start) end = newline + 1;
    }
    bounds.push([start, end]);
    start = end;
  }
  return bounds;
}

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let index = text.indexOf('\n', from); index !== -1 && index < to;) {
    lines++;
    index = text.indexOf('\n', index + 1);
  }
  return lines;
}

/** Items `page` of a list cut into pages of `perPage`, and how many pages there are. */
export function pageItems<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: readonly T[]; pages: number } | undefined {
  const pages = Math.max(1, Math.ceil(items.length / perPage));
  if (page > pages) return undefined;
  return { items: items.slice((page - 1) * perPage, page * perPage), pages };
}
