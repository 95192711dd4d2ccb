import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const numberFormat = new Intl.NumberFormat('en-US');

export function plural(count: number, word: string, words = `${word}s`): string {
  return `${numberFormat.format(count)} ${count === 1 ? word : words}`;
}

/** A tool's answer: text for the model, and the same facts as data when given. */
export function textResult(text: string, structured?: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    ...(structured && { structuredContent: structured }),
  };
}

/** The line that tells the model how to get the next page, when there is one. */
export function nextPageHint(page: number, pages: number, call: string): string {
  return page < pages
    ? `Page ${page} of ${pages}; for the next, call ${call} with page: ${page + 1}.`
    : `Page ${page} of ${pages}.`;
}
