/**
 * Reads a Jupyter notebook (nbformat 4, and nbformat 3 with its worksheets) into the little the
 * conversion needs: the kernel language and each cell's type and source. Outputs, attachments
 * and metadata are only counted. Anything that is not a notebook is refused with a sentence a
 * person understands.
 */

export type CellKind = 'code' | 'markdown' | 'raw';

export interface NotebookCell {
  readonly kind: CellKind;
  readonly source: string;
}

export interface Notebook {
  readonly nbformat: number;
  /** As the notebook names it (`python`, `R`, `C++17`), or undefined when nothing says. */
  readonly kernelLanguage: string | undefined;
  readonly cells: readonly NotebookCell[];
  /** Code cells that had outputs (all dropped). */
  readonly cellsWithOutputs: number;
  /** Attachments of markdown and raw cells (all dropped). */
  readonly attachments: number;
  /** Cells whose type nbformat does not define, read as raw cells. */
  readonly unknownCellTypes: number;
}

export type ParseResult = { ok: true; notebook: Notebook } | { ok: false; detail: string };

type Json = Record<string, unknown>;

class NotebookShapeError extends Error {}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOfJson(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * V8's JSON messages either give a character position, which people want as a line and column,
 * or quote a snippet of the file, which may hold newlines: the reason must stay one short line.
 */
function describeJsonError(error: unknown, text: string): string {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
  const short = message.length > 160 ? `${message.slice(0, 159)}…` : message;
  const position = /at position (\d+)/.exec(message);
  if (position?.[1] === undefined) return short;
  const offset = Number(position[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const located = short.replace(/ in JSON at position \d+.*$/, '');
  return `${located} (line ${line}, column ${column})`;
}

/** nbformat keeps multi-line text either as one string or as a list of lines. */
function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) {
    return value.join('');
  }
  return undefined;
}

function stringField(object: Json | undefined, key: string): string | undefined {
  const value = object?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function kernelLanguageOf(metadata: unknown, cells: readonly unknown[]): string | undefined {
  const meta = isObject(metadata) ? metadata : undefined;
  const kernelspec = isObject(meta?.['kernelspec']) ? meta['kernelspec'] : undefined;
  const languageInfo = isObject(meta?.['language_info']) ? meta['language_info'] : undefined;
  // nbformat 3 named the language on the notebook or on each code cell.
  const firstCodeCell = cells.find((cell) => isObject(cell) && cell['cell_type'] === 'code');
  return (
    stringField(kernelspec, 'language') ??
    stringField(languageInfo, 'name') ??
    stringField(meta, 'language') ??
    stringField(isObject(firstCodeCell) ? firstCodeCell : undefined, 'language')
  );
}

interface CellCounts {
  outputs: number;
  attachments: number;
  unknownTypes: number;
}

function readCell(
  cell: unknown,
  index: number,
  nbformat: number,
  counts: CellCounts,
): NotebookCell {
  const where = `cell ${index + 1}`;
  if (!isObject(cell)) throw new NotebookShapeError(`${where} is ${kindOfJson(cell)}, not a cell`);
  const type = cell['cell_type'];
  if (typeof type !== 'string') throw new NotebookShapeError(`${where} has no cell_type`);
  // nbformat 3 code cells keep their text in `input`; every other cell in `source`.
  const field = nbformat === 3 && type === 'code' ? 'input' : 'source';
  const source = readText(cell[field]);
  if (source === undefined) {
    throw new NotebookShapeError(`${where} (${type}) has no "${field}" text`);
  }
  if (type === 'code') {
    if (Array.isArray(cell['outputs']) && cell['outputs'].length > 0) counts.outputs++;
    return { kind: 'code', source };
  }
  if (isObject(cell['attachments'])) counts.attachments += Object.keys(cell['attachments']).length;
  if (type === 'markdown') return { kind: 'markdown', source };
  if (type === 'heading') {
    const level = typeof cell['level'] === 'number' ? Math.min(Math.max(cell['level'], 1), 6) : 1;
    return { kind: 'markdown', source: `${'#'.repeat(level)} ${source}` };
  }
  if (type !== 'raw') counts.unknownTypes++;
  return { kind: 'raw', source };
}

function cellListOf(root: Json, nbformat: number): readonly unknown[] {
  if (nbformat >= 4) {
    if (!Array.isArray(root['cells'])) {
      throw new NotebookShapeError(`nbformat ${nbformat} notebook without a "cells" list`);
    }
    return root['cells'];
  }
  const worksheets = root['worksheets'];
  if (!Array.isArray(worksheets)) {
    throw new NotebookShapeError('nbformat 3 notebook without a "worksheets" list');
  }
  return worksheets.flatMap((sheet, index) => {
    if (!isObject(sheet) || !Array.isArray(sheet['cells'])) {
      throw new NotebookShapeError(`worksheet ${index + 1} has no "cells" list`);
    }
    return sheet['cells'] as unknown[];
  });
}

function readNotebook(root: unknown): Notebook {
  if (!isObject(root)) {
    throw new NotebookShapeError(`not a notebook: the JSON is ${kindOfJson(root)}, not an object`);
  }
  const nbformat = root['nbformat'];
  if (typeof nbformat !== 'number' || !Number.isInteger(nbformat)) {
    throw new NotebookShapeError('not a notebook: the JSON has no "nbformat" version number');
  }
  if (nbformat < 3) {
    throw new NotebookShapeError(`nbformat ${nbformat} is not supported (only 3 and 4)`);
  }
  const rawCells = cellListOf(root, nbformat);
  const counts: CellCounts = { outputs: 0, attachments: 0, unknownTypes: 0 };
  const cells = rawCells.map((cell, index) => readCell(cell, index, nbformat, counts));
  return {
    nbformat,
    kernelLanguage: kernelLanguageOf(root['metadata'], rawCells),
    cells,
    cellsWithOutputs: counts.outputs,
    attachments: counts.attachments,
    unknownCellTypes: counts.unknownTypes,
  };
}

/** Parses notebook JSON; `detail` says what is wrong when it is not a notebook we can read. */
export function parseNotebook(text: string): ParseResult {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    return { ok: false, detail: `not valid JSON: ${describeJsonError(error, text)}` };
  }
  try {
    return { ok: true, notebook: readNotebook(root) };
  } catch (error) {
    if (error instanceof NotebookShapeError) return { ok: false, detail: error.message };
    throw error;
  }
}
