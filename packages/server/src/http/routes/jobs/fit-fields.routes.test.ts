import { PACK_LEVELS } from '@repobundle/contract';
import { expect, it } from 'vitest';
import { setPlan } from '../../../services/github/test-support/github-session.js';
import {
  assemble,
  buildZip,
  uploadInChunks,
  waitForJob,
} from '../../../../test/test-support/jobs.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';
import { get, post, signUp } from '../../../../test/test-support/test-app.js';

const SOURCE = {
  'src/billing/retry.ts':
    '// Retries a failed charge.\nexport function retry(times: number) {\n  return times + 1;\n}\n',
  'src/index.ts': 'export const answer = 42;\n',
  'test/retry.test.ts': 'import { retry } from "../src/billing/retry";\nretry(1);\n',
};
const SELECTED = Object.keys(SOURCE);

interface PackingStatistics {
  packing?: {
    budget: number;
    levels: Record<string, number>;
    files: { path: string; level: string; level_reason: string | null }[];
    files_truncated: boolean;
  };
}

// Several jobs per test, each processed by the real worker: generous on a busy machine.
describeWithApp('packing to a budget through the API', { worker: true, timeout: 90_000 }, (t) => {
  async function starter(email: string): Promise<string> {
    const { access_token: token } = await signUp(t, email);
    await setPlan(t.app, email, 'starter');
    return token;
  }

  it('keeps budget packing for Starter and up, with a 403 that says so', async () => {
    const { access_token: token } = await signUp(t, 'free-fit@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    for (const fields of [{ token_budget: 5000 }, { fit_to_model: true, target_model: 'gpt-4o' }]) {
      const res = await assemble(t.app, token, upload, { selected: SELECTED, ...fields });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
      expect(res.json().detail).toBe(
        'Packing to a token budget is not included in the Free Forever plan. It is available on Starter, Pro, Enterprise: upgrade to use token_budget or fit_to_model.',
      );
    }
    // Compression and a target model alone stay on every plan.
    const plain = await assemble(t.app, token, upload, {
      selected: SELECTED,
      compress: true,
      target_model: 'gpt-4o',
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('lists budget packing among the features of Starter and up only', async () => {
    const res = await get(t.app, '/payments/plans');
    const body = res.json<
      { id: string; features: string[] }[] | { plans: { id: string; features: string[] }[] }
    >();
    const plans = Array.isArray(body) ? body : body.plans;
    const withPacking = plans
      .filter((plan) => plan.features.includes('Packing to a token budget'))
      .map((plan) => plan.id);
    expect(withPacking.sort()).toEqual(['enterprise', 'pro', 'starter']);
  });

  it('refuses inconsistent budget fields with a 400 a person understands', async () => {
    const token = await starter('fit-400@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [
        { fit_to_model: true },
        'fit_to_model needs a target_model: the budget is its context window.',
      ],
      [
        { fit_to_model: true, target_model: 'gpt-4', reserve_tokens: 8192 },
        "reserve_tokens must be below GPT-4's context window of 8,192 tokens.",
      ],
      [
        { token_budget: 5000, reserve_tokens: 10 },
        'reserve_tokens applies only with fit_to_model.',
      ],
      [
        { target_model: 'gpt-4o', token_budget: 5000, fit_to_model: true },
        /either token_budget or fit_to_model, not both/,
      ],
      [{ token_budget: 0 }, /token_budget must be at least 1,000 tokens/],
      [{ token_budget: 2.5 }, /token_budget must be a whole number of tokens/],
      [{ token_budget: 5000, keep_patterns: ['#notes'] }, /Invalid keep pattern "#notes"/],
      [{ keep_patterns: ['src/**'] }, /keep_patterns and focus rank files for a budget/],
      [{ focus: 'retries' }, /keep_patterns and focus rank files for a budget/],
      [{ token_budget: 5000, focus: 'x'.repeat(4097) }, /focus must be at most 4,096 characters/],
    ];
    for (const [fields, detail] of cases) {
      const res = await assemble(t.app, token, upload, { selected: SELECTED, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
      else expect(res.json().detail).toMatch(detail);
    }
  });

  it('stores the budget fields, returns them, and lists every file with its level', async () => {
    const token = await starter('fit-ok@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const created = await assemble(t.app, token, upload, {
      selected: SELECTED,
      target_model: 'gpt-4o',
      token_budget: 5000,
      keep_patterns: ['src/billing/**', 'src/billing/**'],
      focus: '  charge retries ',
      compress: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect(job).toMatchObject({
      status: 'succeeded',
      target_model: 'gpt-4o',
      token_budget: 5000,
      fit_to_model: false,
      reserve_tokens: null,
      keep_patterns: ['src/billing/**'],
      focus: 'charge retries',
      compress: true,
    });
    const { packing } = job.statistics as PackingStatistics;
    expect(packing?.budget).toBe(5000);
    expect(packing?.files.map((file) => file.path).sort()).toEqual([...SELECTED].sort());
    for (const file of packing!.files) expect(PACK_LEVELS).toContain(file.level);
    const total = Object.values(packing!.levels).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(SELECTED.length);
    expect(packing?.files_truncated).toBe(false);
  });

  it('fits to the model: the budget is its window less the reserve', async () => {
    const token = await starter('fit-model@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const defaults = await assemble(t.app, token, upload, {
      selected: SELECTED,
      target_model: 'gpt-4o',
      fit_to_model: true,
    });
    expect(defaults.statusCode, defaults.body).toBe(200);
    const fitted = await waitForJob(t.app, token, defaults.json().job_id);
    expect(fitted).toMatchObject({
      fit_to_model: true,
      reserve_tokens: null,
      token_budget: null,
    });
    expect((fitted.statistics as PackingStatistics).packing?.budget).toBe(96_000);

    const again = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const reserved = await assemble(t.app, token, again, {
      selected: SELECTED,
      target_model: 'gpt-4-turbo',
      fit_to_model: true,
      reserve_tokens: 28_000,
    });
    const job = await waitForJob(t.app, token, reserved.json().job_id);
    expect(job).toMatchObject({ fit_to_model: true, reserve_tokens: 28_000 });
    expect((job.statistics as PackingStatistics).packing?.budget).toBe(100_000);
  });

  it('reads the budget fields from a form as from JSON (from-archive)', async () => {
    const token = await starter('fit-form@example.com');
    const key = (await post(t.app, '/api/keys', { name: 'program', scope: 'jobs' }, token)).json<{
      key: string;
    }>().key;
    const query = new URLSearchParams([
      ['target_model', 'gpt-4.1'],
      ['fit_to_model', 'true'],
      ['reserve_tokens', '47576'],
      ['keep_patterns', 'src/**'],
      ['keep_patterns', 'test/**'],
      ['focus', 'billing'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/from-archive?${query.toString()}`,
      payload: await buildZip(SOURCE),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = await waitForJob(t.app, token, res.json().job_id);
    expect(job).toMatchObject({
      status: 'succeeded',
      fit_to_model: true,
      reserve_tokens: 47_576,
      keep_patterns: ['src/**', 'test/**'],
      focus: 'billing',
    });
    expect((job.statistics as PackingStatistics).packing?.budget).toBe(1_000_000);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/from-archive?token_budget=lots',
      payload: await buildZip(SOURCE),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/zip' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/token_budget must be a number of tokens/);
  });

  it('returns the defaults for a job without a budget', async () => {
    const token = await starter('fit-none@example.com');
    const upload = await uploadInChunks(t.app, token, await buildZip(SOURCE));
    const created = await assemble(t.app, token, upload, { selected: SELECTED });
    const job = await waitForJob(t.app, token, created.json().job_id);
    expect(job).toMatchObject({
      token_budget: null,
      fit_to_model: false,
      reserve_tokens: null,
      keep_patterns: [],
      focus: null,
    });
    expect((job.statistics as PackingStatistics).packing).toBeUndefined();
  });
});
