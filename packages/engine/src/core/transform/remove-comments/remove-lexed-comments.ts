import { LICENSE_TEXT } from '../../syntax/comment-rules.js';
import type { TextEdit } from '../../syntax/text-edit.js';
import { applyCommentEdits } from '../../syntax/tidy-edits.js';
import type { LexerRules } from '../../syntax/lexer/lexer-rules.js';
import type { CommentRange, ScanResult } from '../../syntax/lexer/scan-comments.js';
import { scanComments } from '../../syntax/lexer/scan-comments.js';
import { scanMarkupComments } from '../../syntax/lexer/scan-markup-comments.js';

export type LexedRemoval = { ok: true; text: string } | { ok: false; reason: string };

/** Only whitespace between `from` and `to` outside the given comments. */
function onlyCommentsBefore(text: string, comments: readonly CommentRange[], to: number): boolean {
  let from = 0;
  for (const comment of comments) {
    if (comment.start >= to) break;
    if (text.slice(from, comment.start).trim() !== '') return false;
    from = comment.end;
  }
  return text.slice(from, to).trim() === '';
}

/**
 * Removes comments found by the fallback scanners (no grammar for the language). Kept: a shebang,
 * the rules' directives and, when asked, a licence header (leading comments naming a licence).
 */
export function removeLexedComments(
  text: string,
  rules: LexerRules | 'markup',
  keepLicenseHeader: boolean,
  keep?: (comment: string) => boolean,
): LexedRemoval {
  const scan: ScanResult =
    rules === 'markup' ? scanMarkupComments(text) : scanComments(text, rules);
  if (!scan.ok) return scan;
  const leading = scan.comments.filter((comment) =>
    onlyCommentsBefore(text, scan.comments, comment.start),
  );
  const keepHeader =
    keepLicenseHeader &&
    leading.some((comment) => LICENSE_TEXT.test(text.slice(comment.start, comment.end)));
  const edits: TextEdit[] = [];
  for (const comment of scan.comments) {
    const body = text.slice(comment.start, comment.end);
    if (comment.start === 0 && body.startsWith('#!')) continue;
    if ((rules !== 'markup' && rules.keep?.test(body)) || keep?.(body)) continue;
    if (keepHeader && leading.includes(comment)) continue;
    edits.push({ start: comment.start, end: comment.end, replacement: '' });
  }
  if (edits.length === 0) return { ok: true, text };
  return { ok: true, text: applyCommentEdits(text, edits) };
}
