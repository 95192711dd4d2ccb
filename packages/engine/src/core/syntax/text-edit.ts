/** Replace `[start, end)` of a text with `replacement` ('' deletes). Offsets are UTF-16. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly replacement: string;
  /**
   * Do not widen over the spaces around it (only a line left blank goes): for JSX, where spaces
   * on a line between elements are text.
   */
  readonly exact?: boolean;
}

/** Applies non-overlapping edits (any order) in one pass. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let result = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error('overlapping edits');
    result += text.slice(cursor, edit.start) + edit.replacement;
    cursor = edit.end;
  }
  return result + text.slice(cursor);
}
