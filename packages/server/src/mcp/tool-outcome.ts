import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../errors.js';
import type { ServiceContext } from '../services/context.js';

/**
 * Runs a tool's work and turns the server's errors into tool errors: the same `detail` and
 * `code` the HTTP API answers, with the status and the figures (402: credits_needed and
 * credits_available) as structured content, so a model can tell the person what to do. Any
 * other error is logged and answered without its internals, as the HTTP error handler does.
 */
export async function toolOutcome(
  ctx: ServiceContext,
  tool: string,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) {
      return {
        isError: true,
        content: [{ type: 'text', text: `${error.detail} (${error.status} ${error.code})` }],
        structuredContent: {
          status: error.status,
          code: error.code,
          detail: error.detail,
          ...error.extra.fields,
        },
      };
    }
    ctx.logger.error({ err: error, tool }, 'MCP tool failed');
    return {
      isError: true,
      content: [{ type: 'text', text: 'Something went wrong on the server; please try again.' }],
      structuredContent: { status: 500, code: 'INTERNAL_ERROR' },
    };
  }
}

export function textResult(text: string, structured?: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    ...(structured && { structuredContent: structured }),
  };
}
