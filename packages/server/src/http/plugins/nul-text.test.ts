import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble, buildZip, sendChunk, uploadInChunks } from '../../../test/test-support/jobs.js';
import {
  createTestApp,
  get,
  post,
  signUp,
  STRONG_PASSWORD,
  type TestApp,
} from '../../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../../test/test-support/test-database.js';

const NUL = '\u0000';
const REFUSED = 'must not contain the NUL character (\\u0000).';

describe.each(databaseKinds())('text with a NUL character on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;
  let uploadId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
    token = (await signUp(t, 'nul@example.com')).access_token;
    uploadId = await uploadInChunks(t.app, token, await buildZip({ 'a.ts': 'const a = 1;\n' }));
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });

  function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((res.json() as { detail: string }).detail).toContain(`${field}: ${REFUSED}`);
  }

  it('in a chunk file_name is a 400', async () => {
    const res = await sendChunk(
      t.app,
      token,
      { upload_id: 'nul-up', file_name: `a${NUL}.zip`, chunk_index: 0, total_chunks: 1 },
      Buffer.from('PK'),
    );
    expectRefused(res, 'file_name');
  });

  it.each([
    ['template', { output_format: 'custom', template: `{{#each files}}${NUL}{{/each}}` }],
    ['custom_secret_patterns.0', { redact_secrets: true, custom_secret_patterns: [`a${NUL}b`] }],
    ['selected.0', { selected: [`a${NUL}.ts`] }],
    ['file_name', { file_name: `repo${NUL}.zip` }],
    [
      'gitignore_config.custom_patterns.0.pattern',
      {
        gitignore_config: { custom_patterns: [{ pattern: `*${NUL}`, type: 'exclude' }] },
      },
    ],
  ])('in assemble %s is a 400', async (field, fields) => {
    expectRefused(await assemble(t.app, token, uploadId, fields), field);
  });

  it('in sign-up, sign-in and the transactions search is a 400', async () => {
    expectRefused(
      await post(t.app, '/auth/register', {
        email: 'x@y.co',
        password: `${STRONG_PASSWORD}${NUL}`,
      }),
      'password',
    );
    expectRefused(
      await post(t.app, '/auth/refresh', { refresh_token: `abc${NUL}` }),
      'refresh_token',
    );
    expectRefused(await get(t.app, '/payments/transactions?search=a%00b', token), 'search');
    expectRefused(
      await post(t.app, '/api/gitignore/validate-pattern', { pattern: `a${NUL}` }),
      'pattern',
    );
  });
});
