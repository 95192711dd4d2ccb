/**
 * Reads the "Files" table of our markdown overview (`| Path | Language | Lines | Tokens | ... |`)
 * into path -> tokens. Columns are found by their header names, so the order may change; an
 * overview without such a table gives an empty map and the caller falls back to a re-walk.
 */
export function parseOverviewFiles(markdown: string): Map<string, number> {
  const files = new Map<string, number>();
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const header = splitRow(lines[i] ?? '');
    const pathColumn = header?.indexOf('Path') ?? -1;
    const tokensColumn = header?.indexOf('Tokens') ?? -1;
    if (pathColumn < 0 || tokensColumn < 0) continue;
    // Skip the `|---|---:|` delimiter row, then read rows until the table ends.
    for (let j = i + 2; j < lines.length; j += 1) {
      const cells = splitRow(lines[j] ?? '');
      if (cells === undefined) break;
      const file = cells[pathColumn];
      const tokens = Number(cells[tokensColumn]?.replace(/[^\d]/g, ''));
      if (file !== undefined && file !== '' && Number.isFinite(tokens)) files.set(file, tokens);
    }
    if (files.size > 0) return files;
  }
  return files;
}

/** Cells of a markdown table row, unescaped (`\|` is a literal bar); undefined if not a row. */
export function splitRow(line: string): string[] | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return undefined;
  const cells: string[] = [];
  let current = '';
  for (let i = 1; i < trimmed.length; i += 1) {
    const char = trimmed[i] as string;
    if (char === '\\' && i + 1 < trimmed.length) {
      current += trimmed[i + 1];
      i += 1;
    } else if (char === '|') {
      cells.push(unwrapCode(current.trim()));
      current = '';
    } else {
      current += char;
    }
  }
  if (current.trim() !== '') cells.push(unwrapCode(current.trim()));
  return cells;
}

function unwrapCode(cell: string): string {
  const match = /^(`+)\s?(.*?)\s?\1$/.exec(cell);
  return match?.[2] ?? cell;
}
