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

/**
 * The line that tells the model how to get the next page, when there is one. `call` names the
 * tool and, after " with ", the arguments to repeat.
 */
export function nextPageHint(page: number, pages: number, call: string): string {
  if (page >= pages) return `Page ${page} of ${pages}.`;
  const joiner = call.includes(' with ') ? ' and' : ' with';
  return `Page ${page} of ${pages}; for the next, call ${call}${joiner} page: ${page + 1}.`;
}
