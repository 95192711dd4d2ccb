// Geometry of the virtualised code view. Lines are laid out in a monospace font, so a line's
// height is known without rendering it: one row, or with word wrap one row per `cols` columns
// (the view wraps at any character, spaces included, so the arithmetic holds).

export const TAB_SIZE = 4;

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [''];
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** Columns each line takes on screen, tabs expanded to the next tab stop. */
export function columnsOf(lines: readonly string[]): Uint32Array {
  const columns = new Uint32Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('\t')) {
      columns[i] = line.length;
      continue;
    }
    let col = 0;
    for (let c = 0; c < line.length; c++) {
      col = line.charCodeAt(c) === 9 ? col + TAB_SIZE - (col % TAB_SIZE) : col + 1;
    }
    columns[i] = col;
  }
  return columns;
}

/** The widest line, for the horizontal extent when lines do not wrap. */
export function widestLine(columns: Uint32Array): number {
  let widest = 0;
  for (const value of columns) if (value > widest) widest = value;
  return widest;
}

/**
 * Top of every line and, last, the total height (length = lines + 1). `wrapCols` null means no
 * wrapping. `measured` holds heights read from the page where they differ from the arithmetic
 * (wide characters, for instance).
 */
export function lineOffsets(
  columns: Uint32Array,
  lineHeight: number,
  wrapCols: number | null,
  measured?: ReadonlyMap<number, number>,
): Float64Array {
  const offsets = new Float64Array(columns.length + 1);
  let top = 0;
  for (let i = 0; i < columns.length; i++) {
    offsets[i] = top;
    const known = measured?.get(i);
    if (known !== undefined) top += known;
    else if (wrapCols === null) top += lineHeight;
    else top += lineHeight * Math.max(1, Math.ceil(columns[i]! / Math.max(1, wrapCols)));
  }
  offsets[columns.length] = top;
  return offsets;
}

/** The line at vertical position `y` (binary search over the offsets). */
export function lineAt(offsets: Float64Array, y: number): number {
  const lines = offsets.length - 1;
  if (lines <= 0) return 0;
  let low = 0;
  let high = lines - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (offsets[mid]! <= y) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Lines to render for a viewport, with a margin above and below for smooth scrolling. */
export function visibleRange(
  offsets: Float64Array,
  scrollTop: number,
  viewport: number,
  overscan = 8,
): { start: number; end: number } {
  const lines = offsets.length - 1;
  if (lines <= 0) return { start: 0, end: 0 };
  const first = lineAt(offsets, scrollTop);
  const last = lineAt(offsets, scrollTop + viewport);
  return { start: Math.max(0, first - overscan), end: Math.min(lines, last + overscan + 1) };
}
