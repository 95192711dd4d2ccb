import { jobCreationFieldsSchema } from '@repobundle/contract';
import { expect, it } from 'vitest';
import { resolveJobOptions } from '../../../services/job-options.js';
import { get, signUp } from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('the job list, page by page', (t) => {
  async function addJobs(userId: string, count: number) {
    const plan = (await t.app.services.repos.plans.findById('free'))!;
    const options = resolveJobOptions(
      jobCreationFieldsSchema.parse({ selected: ['a.txt'], output_format: 'md' }),
      plan,
    );
    for (let i = 0; i < count; i++) {
      await t.app.services.repos.jobs.insert({
        user_id: userId,
        source_kind: 'zip',
        source_name: `repo-${i}.zip`,
        archive_key: null,
        options: JSON.stringify(options),
        selected_paths: JSON.stringify(['a.txt']),
        total_files: 1,
        line_count: 10,
        credit_type: 'monthly',
      });
    }
  }

  it('gives every page the total, past the last page and for someone without jobs too', async () => {
    const { access_token: token } = await signUp(t, 'pages@example.com');
    const me = (await get(t.app, '/auth/me', token)).json<{ id: string }>();
    await addJobs(me.id, 5);
    const { access_token: none } = await signUp(t, 'no-jobs@example.com');

    const page = async (n: number, who = token) => {
      const res = await get(t.app, `/api/jobs?page=${n}&limit=2`, who);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{
        jobs: { source_name: string }[];
        pagination: { total_jobs: number; total_pages: number; has_next: boolean };
      }>();
      return {
        names: body.jobs.map((job) => job.source_name),
        total: body.pagination.total_jobs,
        pages: body.pagination.total_pages,
        next: body.pagination.has_next,
      };
    };
    const first = await page(1);
    expect(first).toMatchObject({ total: 5, pages: 3, next: true });
    expect(first.names).toHaveLength(2);
    expect(await page(3)).toMatchObject({ total: 5, pages: 3, next: false });
    expect((await page(3)).names).toHaveLength(1);
    // Past the end: no rows, still the true total.
    expect(await page(9)).toEqual({ names: [], total: 5, pages: 3, next: false });
    expect(await page(1, none)).toEqual({ names: [], total: 0, pages: 0, next: false });
    expect(await page(2, none)).toMatchObject({ names: [], total: 0 });
    // Every job listed once across the pages, each with its own fields (no count column leaked).
    const all = [...first.names, ...(await page(2)).names, ...(await page(3)).names];
    expect(new Set(all).size).toBe(5);
    const raw = (await get(t.app, '/api/jobs?page=1&limit=2', token)).json<{
      jobs: Record<string, unknown>[];
    }>();
    expect(raw.jobs[0]).not.toHaveProperty('total_jobs');
  });
});
