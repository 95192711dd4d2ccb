import type { ResolvedOptions } from '../../config/options.js';

/**
 * The words for the model that open the overview and every chunk: the header text, then the
 * instructions. Each format places them in its own structure (a field, an element, a row).
 */
export interface Preamble {
  readonly header_text?: string;
  readonly instruction?: string;
}

export function preambleOf(
  options: Pick<ResolvedOptions, 'headerText' | 'instructionText'>,
): Preamble {
  return {
    ...(options.headerText ? { header_text: options.headerText } : {}),
    ...(options.instructionText ? { instruction: options.instructionText } : {}),
  };
}

/** md and txt: each part as a paragraph after the title line, ending in a blank line. */
export function preambleParagraphs(preamble: Preamble, instructionsTitle: string): string {
  let text = '';
  if (preamble.header_text) text += `\n${withFinalNewline(preamble.header_text)}`;
  if (preamble.instruction) {
    text += `\n${instructionsTitle}\n\n${withFinalNewline(preamble.instruction)}`;
  }
  return text ? `${text}\n` : '';
}

function withFinalNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}
