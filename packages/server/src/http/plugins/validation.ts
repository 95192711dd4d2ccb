import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Zod's expected-type names as a person reads them after "must be". */
const TYPE_NOUNS: Readonly<Record<string, string>> = {
  int: 'a whole number',
  object: 'an object',
  array: 'a list',
  boolean: 'true or false',
};

function describeIssue(issue: Issue, part: string): string {
  const field = issue.path.length > 0 ? issue.path.join('.') : part;
  if (issue.code === 'unrecognized_keys') {
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
  }
  if (issue.code === 'invalid_type') {
    if (issue.path.length === 0) return `The request ${part} must be a JSON object.`;
    if (issue.message.includes('received undefined')) return `${field} is required.`;
    // A schema's own sentence wins (zod reports `.int('...')` on 1.5 as an invalid type too).
    if (issue.message.endsWith('.')) return issue.message;
    return `${field} must be ${TYPE_NOUNS[issue.expected] ?? `a ${issue.expected}`}.`;
  }
  // Our own messages are sentences for people; zod's defaults get the field name in front.
  return issue.message.endsWith('.') ? issue.message : `${field}: ${issue.message}.`;
}

/** The `detail` of a 400 for a payload that breaks its schema. */
export function describeIssues(issues: readonly Issue[], part: string): string {
  return issues
    .slice(0, 3)
    .map((issue) => describeIssue(issue, part))
    .join(' ');
}

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(detail: string) {
    super(detail);
    this.name = 'RequestValidationError';
  }
}

/** Route schemas are zod schemas (from @repobundle/contract): Fastify validates with them. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data);
      if (result.success) return { value: result.data };
      return {
        error: new RequestValidationError(describeIssues(result.error.issues, httpPart ?? 'body')),
      };
    };
  });
}
