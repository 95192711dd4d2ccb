import { modelsResponseSchema } from '@repobundle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, type TestApp } from '../../../../test/test-support/test-app.js';
import { createStubDatabase } from '../../../../test/test-support/stub-database.js';
import type { TestDatabase } from '../../../../test/test-support/test-database.js';

describe('GET /api/models', () => {
  // Reference data, no database read: a stub keeps the file fast.
  const database: TestDatabase = {
    handle: createStubDatabase('empty'),
    reset: async () => {},
    destroy: async () => {},
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(database);
  });
  afterAll(() => t.app.close());

  it('lists the models without signing in, exact ones and estimated ones with a band', async () => {
    const response = await get(t.app, '/api/models');
    expect(response.statusCode).toBe(200);
    const { models } = modelsResponseSchema.parse(response.json());
    const byId = new Map(models.map((model) => [model.id, model]));
    expect(byId.get('gpt-4o')).toEqual({
      id: 'gpt-4o',
      name: 'GPT-4o',
      tokenizer: 'o200k_base',
      context_window: 128_000,
      exact: true,
    });
    expect(byId.get('gpt-4')).toMatchObject({ tokenizer: 'cl100k_base', exact: true });
    expect(byId.get('llama-3.1')).toMatchObject({ tokenizer: 'llama3', exact: true });
    expect(byId.get('gemini-2.5-pro')).toMatchObject({ tokenizer: 'gemma3', exact: true });
    const claude = byId.get('claude-sonnet-4');
    expect(claude).toMatchObject({ exact: false, context_window: 200_000 });
    expect(claude?.error_band).toBeGreaterThan(0);
    expect(Object.keys(response.json() as object)).toEqual(['models']);
  });
});
