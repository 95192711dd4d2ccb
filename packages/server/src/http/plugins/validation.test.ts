import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues } from './validation.js';

const detailOf = (schema: z.ZodType, data: unknown): string => {
  const result = schema.safeParse(data);
  if (result.success) throw new Error('expected a validation error');
  return describeIssues(result.error.issues, 'body');
};

describe('validation details', () => {
  const schema = z.strictObject({
    count: z.number().int(),
    amount: z.number().int('amount must be a whole number of cents.'),
    tags: z.array(z.string()),
    flag: z.boolean(),
  });
  const valid = { count: 1, amount: 100, tags: [], flag: true };

  it('names the expected type as a person reads it', () => {
    expect(detailOf(schema, { ...valid, count: 1.5 })).toBe('count must be a whole number.');
    expect(detailOf(schema, { ...valid, tags: 'a' })).toBe('tags must be a list.');
    expect(detailOf(schema, { ...valid, flag: 'yes' })).toBe('flag must be true or false.');
    expect(detailOf(schema, { ...valid, count: 'x' })).toBe('count must be a number.');
  });

  it("keeps a schema's own sentence", () => {
    expect(detailOf(schema, { ...valid, amount: 2.5 })).toBe(
      'amount must be a whole number of cents.',
    );
  });

  it('reports missing fields, unknown fields and a body that is not an object', () => {
    expect(detailOf(schema, { ...valid, count: undefined })).toBe('count is required.');
    expect(detailOf(schema, { ...valid, extra: 1 })).toBe('Unknown field: extra.');
    expect(detailOf(schema, 'text')).toBe('The request body must be a JSON object.');
  });
});
