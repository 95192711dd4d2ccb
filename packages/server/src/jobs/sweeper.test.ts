import { expect, it } from 'vitest';
import { inTransaction } from '../db/repositories/index.js';
import { assemble, buildZip, uploadInChunks, waitForJob } from '../../test/test-support/jobs.js';
import { get, signUp } from '../../test/test-support/test-app.js';
import { describeWithApp } from '../../test/test-support/describe-with-app.js';
import { MAX_ATTEMPTS } from './run-job.js';
import { sweep } from './sweeper.js';
import { startWorker, type RunningWorker } from './worker.js';

const POLICY = { staleAfterMs: 1000, requeueAfterMs: 60_000, abandonedUploadMs: 3_600_000 };

describeWithApp('jobs housekeeping', (t) => {
  /** A job created through the API but not processed (no worker runs in this suite). */
  async function pendingJob(email: string, lines = 10) {
    const { access_token: token } = await signUp(t, email);
    const archive = await buildZip({ 'a.txt': 'x\n'.repeat(lines) });
    const upload = await uploadInChunks(t.app, token, archive);
    const res = await assemble(t.app, token, upload, { selected: ['a.txt'] });
    expect(res.statusCode, res.body).toBe(200);
    return { token, jobId: res.json().job_id as string };
  }

  async function ledgerMatches(token: string) {
    const me = (await get(t.app, '/auth/me', token)).json();
    const user = await t.app.services.repos.users.findByEmail(me.email);
    const repos = t.app.services.repos;
    expect(await repos.credits.ledgerSum(user!.id, 'monthly')).toBe(me.monthly_credits);
    expect(await repos.credits.ledgerSum(user!.id, 'purchased')).toBe(me.purchased_credits);
    return me;
  }

  it('sends a job whose worker stopped beating back to the queue, then fails and refunds it', async () => {
    const { token, jobId } = await pendingJob('stale@example.com', 5000);
    const jobs = t.app.services.repos.jobs;
    const old = new Date(Date.now() - 10_000);
    await jobs.update(jobId, { status: 'processing', attempts: 1, heartbeat_at: old });
    const first = await sweep(t.app.services, POLICY);
    expect(first.requeued).toBeGreaterThanOrEqual(1);
    expect((await jobs.findById(jobId))?.status).toBe('pending');

    await jobs.update(jobId, { status: 'processing', attempts: MAX_ATTEMPTS, heartbeat_at: old });
    const second = await sweep(t.app.services, POLICY);
    expect(second.failed).toBe(1);
    const job = (await get(t.app, `/api/jobs/${jobId}`, token)).json();
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/refunded/);
    const me = await ledgerMatches(token);
    expect(me).toMatchObject({ monthly_credits: 100, credits_reserved: 0 });
    // A third sweep finds nothing more to do: the refund happened once.
    await sweep(t.app.services, POLICY);
    expect((await ledgerMatches(token)).monthly_credits).toBe(100);
  });

  it('answers a job that has not run with its progress and no outputs yet', async () => {
    const { token, jobId } = await pendingJob('early@example.com');
    const job = (await get(t.app, `/api/jobs/${jobId}`, token)).json();
    expect(job).toMatchObject({ status: 'pending', progress: { stage: 'queued', percent: 0 } });
    const files = await get(t.app, `/api/jobs/${jobId}/files`, token);
    expect(files.statusCode).toBe(409);
    expect(files.json().code).toBe('JOB_NOT_READY');
    expect((await get(t.app, `/api/jobs/${jobId}/download`, token)).statusCode).toBe(409);
    expect((await get(t.app, `/api/jobs/${jobId}/chunking-analytics`, token)).statusCode).toBe(404);
  });

  it('deletes due jobs with their files, and abandoned uploads', async () => {
    const { token, jobId } = await pendingJob('due@example.com');
    const storage = t.app.services.storage;
    expect((await storage.list(`jobs/${jobId}`)).length).toBeGreaterThan(0);
    await t.app.services.repos.jobs.update(jobId, {
      status: 'succeeded',
      scheduled_deletion: new Date(Date.now() - 1000),
    });
    const upload = await uploadInChunks(t.app, token, Buffer.from('partial'), 1, 'left-behind');
    const user = await t.app.services.repos.users.findByEmail('due@example.com');
    const report = await sweep(t.app.services, { ...POLICY, abandonedUploadMs: -1 });
    expect(report.deleted).toBe(1);
    expect(report.uploads).toBe(1);
    expect((await get(t.app, `/api/jobs/${jobId}`, token)).statusCode).toBe(404);
    expect(await storage.list(`jobs/${jobId}`)).toEqual([]);
    expect(await storage.list(`uploads/${user!.id}/${upload}`)).toEqual([]);
  });

  it('resets monthly credits on the reset date, writing the ledger', async () => {
    const { access_token: token } = await signUp(t, 'reset@example.com');
    const user = await t.app.services.repos.users.findByEmail('reset@example.com');
    await inTransaction(t.app.services.db, (repos) =>
      repos.credits.applyChange({
        userId: user!.id,
        creditType: 'monthly',
        type: 'usage',
        amount: -60,
        description: 'spent',
      }),
    );
    const due = new Date(Date.now() - 40 * 86_400_000);
    await t.app.services.repos.users.update(user!.id, { monthly_credits_reset_date: due });
    const report = await sweep(t.app.services, POLICY);
    expect(report.resets).toBe(1);
    const me = await ledgerMatches(token);
    expect(me.monthly_credits).toBe(100);
    expect(Date.parse(me.monthly_credits_reset_date)).toBeGreaterThan(Date.now());
    const resets = (await get(t.app, '/payments/transactions?type=monthly_reset', token)).json();
    expect(resets.transactions.map((tx: { amount: number }) => tx.amount)).toEqual([60, 100]);
  });

  it('never overspends: parallel job creations against one balance', async () => {
    const { access_token: token } = await signUp(t, 'race@example.com');
    // 30 credits each (60,000 lines); 100 monthly credits cover three.
    const archive = await buildZip({ 'a.txt': 'x\n'.repeat(60_000) });
    const uploads: string[] = [];
    for (let i = 0; i < 8; i++) uploads.push(await uploadInChunks(t.app, token, archive));
    const results = await Promise.all(
      uploads.map((id) => assemble(t.app, token, id, { selected: ['a.txt'] })),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 402, 402, 402, 402, 402]);
    const me = await ledgerMatches(token);
    expect(me).toMatchObject({ monthly_credits: 10, credits_reserved: 90 });
  });

  it('runs a queued job once even when it is queued twice', async () => {
    const { token, jobId } = await pendingJob('twice@example.com');
    await t.app.services.queue.enqueue(jobId);
    const worker: RunningWorker = await startWorker(t.app.services);
    try {
      const job = await waitForJob(t.app, token, jobId);
      expect(job.status).toBe('succeeded');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const usage = (await get(t.app, '/payments/transactions?type=usage', token)).json();
      expect(usage.transactions).toHaveLength(1);
      await ledgerMatches(token);
    } finally {
      await worker.stop();
    }
  });
});
