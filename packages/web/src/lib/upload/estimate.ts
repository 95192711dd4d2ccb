// The summary bar's figures (spec part 1 section 9). The server counts real lines and is the
// authority for credits (DESIGN 4.3); these are the display estimate.

export const BYTES_PER_LINE = 120;
export const LINES_PER_CREDIT = 2000;
export const DOLLARS_PER_CREDIT = 0.1;

/** Lines of one file: counted when its content was read, else its size at 120 bytes a line. */
export function estimateFileLines(size: number, knownLines?: number): number {
  if (knownLines !== undefined) return knownLines;
  return size === 0 ? 0 : Math.ceil(size / BYTES_PER_LINE);
}

/** One credit per 2,000 lines, rounded up, at least one (the server's rule). */
export function creditsForLines(lines: number): number {
  return Math.max(1, Math.ceil(lines / LINES_PER_CREDIT));
}

export function dollarsForCredits(credits: number): number {
  return Math.round(credits * DOLLARS_PER_CREDIT * 100) / 100;
}

export interface SelectionEstimate {
  files: number;
  bytes: number;
  lines: number;
  credits: number;
  dollars: number;
}

export function estimateSelection(
  files: ReadonlyArray<{ size: number; knownLines?: number }>,
): SelectionEstimate {
  let bytes = 0;
  let lines = 0;
  for (const file of files) {
    bytes += file.size;
    lines += estimateFileLines(file.size, file.knownLines);
  }
  const credits = files.length === 0 ? 0 : creditsForLines(lines);
  return { files: files.length, bytes, lines, credits, dollars: dollarsForCredits(credits) };
}

/** Lines in a text: what a job counts (a last line without a newline still counts). */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let lines = 0;
  let at = text.indexOf('\n');
  while (at !== -1) {
    lines++;
    at = text.indexOf('\n', at + 1);
  }
  return text.endsWith('\n') ? lines : lines + 1;
}
