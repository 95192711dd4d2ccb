/**
 * Writes notebook cells in the percent format (Spyder, VS Code, Jupytext, PyCharm): a marker
 * comment opens each cell (`# %%` for code, `# %% [markdown]`, `# %% [raw]`), code follows
 * verbatim, markdown and raw text follow as line comments, and one blank line separates cells.
 * The layout is described in README.md next to this file.
 */
import type { CommentSyntax } from './kernel-languages.js';
import type { CellKind, NotebookCell } from './parse-notebook.js';

/** `data:image/png;base64,iVBOR...` inside markdown: the picture itself, often most of the cell. */
const DATA_URI_IMAGE = /data:image\/([\w.+-]+);base64,[A-Za-z0-9+/=\s]{16,}/g;

export interface RenderedNotebook {
  readonly text: string;
  /** Images written into markdown as data URIs, replaced by a placeholder. */
  readonly embeddedImages: number;
  /** Cells left out because their source was empty or only whitespace. */
  readonly emptyCells: number;
}

/** How a code cell's source is adjusted for the target language (e.g. IPython magics). */
export type CodeFilter = (source: string) => string;

/**
 * A block-comment-only language would see its comment closed (or nested, in OCaml) by the
 * delimiters inside the text; a space breaks them up without hiding the words.
 */
function breakDelimiters(line: string, comment: CommentSyntax): string {
  if (comment.suffix === undefined) return line;
  let result = line.split(comment.suffix).join(comment.suffix.split('').join(' '));
  result = result.split(comment.prefix).join(comment.prefix.split('').join(' '));
  return result;
}

export function commentLine(line: string, comment: CommentSyntax): string {
  const text = breakDelimiters(line, comment);
  const suffix = comment.suffix === undefined ? '' : ` ${comment.suffix}`;
  return text === '' ? `${comment.prefix}${suffix}` : `${comment.prefix} ${text}${suffix}`;
}

export function cellMarker(kind: CellKind, comment: CommentSyntax): string {
  return commentLine(kind === 'code' ? '%%' : `%% [${kind}]`, comment);
}

function withoutTrailingNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

function renderCell(
  cell: NotebookCell,
  comment: CommentSyntax,
  filterCode: CodeFilter,
  images: { count: number },
): string {
  const marker = cellMarker(cell.kind, comment);
  if (cell.kind === 'code') {
    return `${marker}\n${withoutTrailingNewline(filterCode(cell.source))}\n`;
  }
  const text = cell.source.replace(DATA_URI_IMAGE, (_uri, type: string) => {
    images.count++;
    return `data:image/${type};base64,(embedded image dropped)`;
  });
  const lines = withoutTrailingNewline(text)
    .split('\n')
    .map((line) => commentLine(line.replace(/\r$/, ''), comment));
  return `${marker}\n${lines.join('\n')}\n`;
}

/** The notebook as one source file in the kernel language; empty cells are left out. */
export function renderPercent(
  cells: readonly NotebookCell[],
  comment: CommentSyntax,
  filterCode: CodeFilter = (source) => source,
): RenderedNotebook {
  const images = { count: 0 };
  const kept = cells.filter((cell) => cell.source.trim() !== '');
  const text = kept.map((cell) => renderCell(cell, comment, filterCode, images)).join('\n');
  return { text, embeddedImages: images.count, emptyCells: cells.length - kept.length };
}
