// In-file search of the code views: case-insensitive, line by line, capped so a one-letter query
// on a multi-megabyte file stays instant.

export interface Match {
  line: number;
  start: number;
  end: number;
}

export interface SearchResult {
  matches: Match[];
  /** More matches exist than were collected. */
  capped: boolean;
}

export const MAX_MATCHES = 10_000;

export function findMatches(
  lines: readonly string[],
  query: string,
  limit: number = MAX_MATCHES,
): SearchResult {
  const needle = query.toLowerCase();
  const matches: Match[] = [];
  if (!needle) return { matches, capped: false };
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    if (text.length < needle.length) continue;
    const lower = text.toLowerCase();
    let from = lower.indexOf(needle);
    while (from !== -1) {
      if (matches.length === limit) return { matches, capped: true };
      matches.push({ line, start: from, end: from + needle.length });
      from = lower.indexOf(needle, from + needle.length);
    }
  }
  return { matches, capped: false };
}

/** The counter beside the search box: "3 of 12", "1 of 10,000+", "No results", or nothing. */
export function matchCounter(query: string, result: SearchResult, active: number): string {
  if (!query) return '';
  if (result.matches.length === 0) return 'No results';
  const count = result.matches.length.toLocaleString('en-US');
  return `${(active + 1).toLocaleString('en-US')} of ${count}${result.capped ? '+' : ''}`;
}

/** Next or previous result, wrapping around at both ends. */
export function stepMatch(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return 0;
  return (active + step + count) % count;
}

/** Matches grouped by line, for drawing the marks of the visible lines only. */
export function matchesByLine(matches: readonly Match[]): Map<number, number[]> {
  const byLine = new Map<number, number[]>();
  matches.forEach((match, index) => {
    const list = byLine.get(match.line);
    if (list) list.push(index);
    else byLine.set(match.line, [index]);
  });
  return byLine;
}
