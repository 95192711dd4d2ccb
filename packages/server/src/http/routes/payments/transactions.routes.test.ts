import type { Transaction } from '@repobundle/contract';
import { expect, it } from 'vitest';
import { inTransaction } from '../../../db/repositories/index.js';
import { get, signUp } from '../../../../test/test-support/test-app.js';
import { describeWithApp } from '../../../../test/test-support/describe-with-app.js';

describeWithApp('the ledger grouped by job', (t) => {
  async function jobFor(userId: string): Promise<string> {
    const job = await t.app.services.repos.jobs.insert({
      user_id: userId,
      source_kind: 'zip',
      source_name: 'repo.zip',
      archive_key: null,
      options: JSON.stringify({}),
      selected_paths: JSON.stringify(['a.txt']),
      total_files: 1,
      line_count: 10,
      credit_type: 'monthly',
    });
    return job.id;
  }

  /** Writes ledger rows one after another, so their order in time is the order given. */
  async function write(userId: string, rows: { jobId: string | null; amount: number }[]) {
    for (const row of rows) {
      await inTransaction(t.app.services.db, (repos) =>
        repos.credits.applyChange({
          userId,
          creditType: 'monthly',
          type: row.jobId ? (row.amount < 0 ? 'reservation' : 'refund') : 'purchase',
          amount: row.amount,
          description: row.jobId ? `Row of job ${row.jobId}` : 'Top-up',
          jobId: row.jobId,
        }),
      );
    }
  }

  async function page(token: string, n: number, limit: number, extra = '') {
    const res = await get(
      t.app,
      `/payments/transactions?group_by=job&page=${n}&limit=${limit}${extra}`,
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      transactions: Transaction[];
      pagination: { total: number; total_pages: number; has_next: boolean };
    };
  }

  it('pages by job: a job whose rows straddle a page boundary is whole on one page', async () => {
    const { access_token: token } = await signUp(t, 'groups@example.com');
    const user = await t.app.services.repos.users.findByEmail('groups@example.com');
    const [a, b, c] = [await jobFor(user!.id), await jobFor(user!.id), await jobFor(user!.id)];
    // Newest first this reads: c, c, top-up, b, a, b, a, a, (sign-up row).
    await write(user!.id, [
      { jobId: a, amount: -5 },
      { jobId: a, amount: 5 },
      { jobId: b, amount: -3 },
      { jobId: a, amount: -4 },
      { jobId: b, amount: 3 },
      { jobId: null, amount: 20 },
      { jobId: c, amount: -2 },
      { jobId: c, amount: 2 },
    ]);

    // Five groups: c, the top-up, b, a, the sign-up row.
    const pages = [await page(token, 1, 2), await page(token, 2, 2), await page(token, 3, 2)];
    expect(pages[0]!.pagination).toMatchObject({ total: 5, total_pages: 3, has_next: true });
    const keys = pages.map((p) => p.transactions.map((row) => row.job_id ?? row.description));
    expect(keys).toEqual([[c, c, 'Top-up'], [b, b, a, a, a], [expect.any(String)]]);
    // Every row of the ledger is on exactly one page.
    const all = pages.flatMap((p) => p.transactions.map((row) => row.id));
    expect(new Set(all).size).toBe(9);
    // Within a group the rows stay newest first.
    const jobA = pages[1]!.transactions.filter((row) => row.job_id === a).map((r) => r.amount);
    expect(jobA).toEqual([-4, 5, -5]);
  });

  it('groups only the rows the filters keep', async () => {
    const { access_token: token } = await signUp(t, 'filtered@example.com');
    const user = await t.app.services.repos.users.findByEmail('filtered@example.com');
    const a = await jobFor(user!.id);
    await write(user!.id, [
      { jobId: a, amount: -5 },
      { jobId: a, amount: 5 },
    ]);
    const body = await page(token, 1, 10, '&type=reservation');
    expect(body.transactions.map((row) => row.amount)).toEqual([-5]);
    expect(body.pagination.total).toBe(1);
  });

  it('refuses an unknown grouping with a message', async () => {
    const { access_token: token } = await signUp(t, 'bad@example.com');
    const res = await get(t.app, '/payments/transactions?group_by=month', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/group_by/);
  });
});
