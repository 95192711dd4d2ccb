import { SkipFileError } from '../transform.js';
import type { Transform, TransformContext } from '../transform.js';
import { escapeMagics } from './ipython-magics.js';
import { DEFAULT_KERNEL_LANGUAGE, kernelLanguageOf } from './kernel-languages.js';
import type { KernelLanguage } from './kernel-languages.js';
import { parseNotebook } from './parse-notebook.js';
import type { Notebook } from './parse-notebook.js';
import { renderPercent } from './render-percent.js';
import type { RenderedNotebook } from './render-percent.js';

/** The language id core/languages.ts gives `.ipynb` files. */
const NOTEBOOK_LANGUAGE = 'jupyter-notebook';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One line for the per-file report saying what the conversion left out or assumed. */
function describeConversion(
  notebook: Notebook,
  kernel: KernelLanguage,
  rendered: RenderedNotebook,
  escapedMagics: number,
): string | undefined {
  const parts: string[] = [];
  if (notebook.kernelLanguage === undefined) {
    parts.push(`no kernel language in the metadata, ${DEFAULT_KERNEL_LANGUAGE} assumed`);
  } else if (kernel.isGuess) {
    parts.push(`kernel language "${notebook.kernelLanguage}" unknown, markdown written as # lines`);
  }
  if (notebook.cellsWithOutputs > 0) {
    parts.push(`outputs of ${plural(notebook.cellsWithOutputs, 'cell')} dropped`);
  }
  if (notebook.attachments > 0) parts.push(`${plural(notebook.attachments, 'attachment')} dropped`);
  if (rendered.embeddedImages > 0) {
    parts.push(`${plural(rendered.embeddedImages, 'embedded image')} dropped from markdown`);
  }
  if (escapedMagics > 0) {
    parts.push(`${plural(escapedMagics, 'IPython magic line')} commented out`);
  }
  if (notebook.unknownCellTypes > 0) {
    parts.push(`${plural(notebook.unknownCellTypes, 'cell')} of unknown type kept as raw`);
  }
  return parts.length > 0 ? `notebook: ${parts.join('; ')}` : undefined;
}

/** The notebook's JSON as percent-format source in its kernel language (see README.md). */
export function convertNotebook(text: string, context: TransformContext): string {
  const parsed = parseNotebook(text);
  if (!parsed.ok) {
    throw new SkipFileError(
      { kind: 'invalid-notebook', detail: parsed.detail },
      `${context.name}: ${parsed.detail}`,
    );
  }
  const notebook = parsed.notebook;
  const kernel = kernelLanguageOf(notebook.kernelLanguage ?? DEFAULT_KERNEL_LANGUAGE);
  let escapedMagics = 0;
  const rendered = renderPercent(
    notebook.cells,
    kernel.comment,
    kernel.id === 'python'
      ? (source) => {
          const escaped = escapeMagics(source);
          escapedMagics += escaped.escaped;
          return escaped.source;
        }
      : undefined,
  );
  context.setLanguage?.(kernel.id);
  const note = describeConversion(notebook, kernel, rendered, escapedMagics);
  if (note !== undefined) context.note(note);
  return rendered.text;
}

export const notebookTransform: Transform = {
  name: 'notebook',
  isEnabled: (options) => options.notebookProcessing,
  apply: (text, context) =>
    context.language === NOTEBOOK_LANGUAGE ? convertNotebook(text, context) : text,
};
