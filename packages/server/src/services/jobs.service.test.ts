import { creditsForLines, jobCreationFieldsSchema } from '@repobundle/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildZip } from '../../test/test-support/jobs.js';
import { createTestApp, signUp, type TestApp } from '../../test/test-support/test-app.js';
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from '../../test/test-support/test-database.js';
import { inTransaction } from '../db/repositories/index.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import type { ServiceContext } from './context.js';
import { resolveJobOptions } from './job-options.js';
import {
  createJobFromArchive,
  deleteJob,
  jobPrefix,
  planOf,
  scheduledDeletion,
  type ArchiveSource,
} from './jobs.service.js';

describe('scheduledDeletion', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('adds the chosen delay, and never deletes for "never" or an unknown value', () => {
    expect(scheduledDeletion('1hr', now)?.toISOString()).toBe('2026-03-01T13:00:00.000Z');
    expect(scheduledDeletion('7days', now)?.toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(scheduledDeletion('never', now)).toBeNull();
    expect(scheduledDeletion('fortnight', now)).toBeNull();
  });
});

/**
 * Job creation and deletion as services, below the routes: what a job reserves, what a refusal
 * leaves behind (nothing), and what deleting a pending job gives back.
 */
describe.each(databaseKinds())('job service on %s', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let ctx: ServiceContext;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    t = await createTestApp(database);
    ctx = t.app.services;
  });
  afterAll(async () => {
    await t.app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.reset();
  });

  async function user(email: string): Promise<UserRow> {
    await signUp(t, email);
    return (await ctx.repos.users.findByEmail(email))!;
  }

  function zipSource(archive: Buffer): ArchiveSource & { stored: string[] } {
    const stored: string[] = [];
    return {
      kind: 'zip',
      name: 'project.zip',
      stored,
      async store(jobId) {
        stored.push(jobId);
        await ctx.storage.put(`${jobPrefix(jobId)}source.zip`, archive);
      },
    };
  }

  async function create(owner: UserRow, archive: Buffer, fields: Record<string, unknown>) {
    const input = jobCreationFieldsSchema.parse({ output_format: 'md', ...fields });
    const plan = await planOf(ctx, owner);
    const source = zipSource(archive);
    const created = createJobFromArchive(
      ctx,
      owner,
      plan,
      input,
      resolveJobOptions(input, plan),
      source,
    );
    return { created, source };
  }

  it('saves the job with the credits of its selected lines reserved', async () => {
    const owner = await user('owner@example.com');
    const archive = await buildZip({
      'src/a.ts': 'const a = 1;\n'.repeat(3000),
      'src/b.ts': 'const b = 2;\n'.repeat(1500),
      'notes.md': '# not selected\n',
    });
    const { created } = await create(owner, archive, { selected: ['src/a.ts', 'src/b.ts'] });
    const { job, credits } = await created;
    expect(job.line_count).toBe(4500);
    expect(job.total_files).toBe(2);
    expect(credits).toBe(creditsForLines(4500));
    const row = (await ctx.repos.jobs.findById(job.id))!;
    expect(row.reserved_monthly + row.reserved_purchased).toBe(credits);
    const balances = await ctx.repos.credits.balances(owner.id);
    expect(balances.reserved).toBe(credits);
  });

  it('leaves no job, archive or reservation behind when the credits do not cover it', async () => {
    const owner = await user('short@example.com');
    // Ten credits left; the job needs 50.
    const { monthly } = await ctx.repos.credits.balances(owner.id);
    await inTransaction(ctx.db, (repos) =>
      repos.credits.applyChange({
        userId: owner.id,
        creditType: 'monthly',
        type: 'usage',
        amount: 10 - monthly,
        description: 'Earlier jobs',
      }),
    );
    const archive = await buildZip({ 'big.txt': 'x\n'.repeat(99_000) });
    const { created, source } = await create(owner, archive, { selected: ['big.txt'] });
    await expect(created).rejects.toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(source.stored).toHaveLength(1);
    expect(await ctx.storage.list(jobPrefix(source.stored[0]!))).toEqual([]);
    expect(await ctx.repos.jobs.findById(source.stored[0]!)).toBeUndefined();
    expect((await ctx.repos.credits.balances(owner.id)).reserved).toBe(0);
  });

  it('refuses a selection where nothing can be processed, and removes the archive', async () => {
    const owner = await user('binary@example.com');
    const archive = await buildZip({ 'logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0]) });
    const { created, source } = await create(owner, archive, { selected: ['logo.png'] });
    await expect(created).rejects.toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await ctx.storage.list(jobPrefix(source.stored[0]!))).toEqual([]);
  });

  it('deletes a pending job only with the right digits, returning its credits', async () => {
    const owner = await user('delete@example.com');
    const archive = await buildZip({ 'a.txt': 'line\n'.repeat(10) });
    const { created } = await create(owner, archive, { selected: ['a.txt'] });
    const { job } = await created;
    const before = await ctx.repos.credits.balances(owner.id);
    expect(before.reserved).toBe(1);

    await expect(deleteJob(ctx, owner, job.id, 'wrong')).rejects.toMatchObject({
      status: 400,
      code: 'CONFIRMATION_MISMATCH',
    });
    expect(await ctx.repos.jobs.findById(job.id)).toBeDefined();

    await deleteJob(ctx, owner, job.id, job.id.slice(-5).toUpperCase());
    expect(await ctx.repos.jobs.findById(job.id)).toBeUndefined();
    expect(await ctx.storage.list(jobPrefix(job.id))).toEqual([]);
    const after = await ctx.repos.credits.balances(owner.id);
    expect(after.reserved).toBe(0);
    expect(after.monthly).toBe(before.monthly + 1);
  });

  it("answers 404 for another person's job", async () => {
    const owner = await user('first@example.com');
    const stranger = await user('second@example.com');
    const { created } = await create(owner, await buildZip({ 'a.txt': 'x\n' }), {
      selected: ['a.txt'],
    });
    const { job } = await created;
    await expect(deleteJob(ctx, stranger, job.id, job.id.slice(-5))).rejects.toMatchObject({
      status: 404,
    });
    expect(await ctx.repos.jobs.findById(job.id)).toBeDefined();
  });
});
