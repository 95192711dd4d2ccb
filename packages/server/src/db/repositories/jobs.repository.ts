import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { JobsTable } from '../schema.js';
import type { Executor } from './executor.js';
import { compileOnce } from '../compiled-query.js';
import { sessionUser } from './session-user.js';

export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobPatch = Updateable<JobsTable>;

/** Jobs; every read for a person goes through the owner (another user's job does not exist). */
export function createJobsRepository(db: Executor) {
  const pageForSession = compileOnce(
    db,
    ['userId', 'issuedAt', 'limit', 'offset'],
    (params: { userId: string; issuedAt: Date; limit: number; offset: number }) =>
      sessionUser(db, params.userId, params.issuedAt)
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('jobs')
              .selectAll()
              .whereRef('jobs.user_id', '=', 'users.id')
              .orderBy('created_at', 'desc')
              .orderBy('id')
              .limit(params.limit)
              .offset(params.offset)
              .as('page'),
          (join) => join.onTrue(),
        )
        .selectAll('page')
        .select((eb) =>
          eb
            .selectFrom('jobs')
            .select(sql<number>`count(*)::integer`.as('total'))
            .whereRef('jobs.user_id', '=', 'users.id')
            .as('total_jobs'),
        ),
  );

  return {
    insert(job: NewJob): Promise<JobRow> {
      return db.insertInto('jobs').values(job).returningAll().executeTakeFirstOrThrow();
    },

    findForUser(id: string, userId: string): Promise<JobRow | undefined> {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    findById(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The row locked for the rest of the transaction (state changes, settlement). */
    lock(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async update(id: string, patch: JobPatch): Promise<void> {
      await db.updateTable('jobs').set(patch).where('id', '=', id).execute();
    },

    /**
     * Progress and heartbeat of one attempt, only while that attempt still owns the job. False
     * when it no longer does (the job was deleted, finished, or handed to a newer attempt): the
     * caller stops working on it.
     */
    async reportProgress(
      id: string,
      attempt: number,
      stage: string,
      percent: number,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ progress_stage: stage, progress_percent: percent, heartbeat_at: now })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * One page of a user's jobs, newest first, and how many they have in all. The total comes
     * with the page (a window count), so the common case is one query; only a page past the end
     * counts apart.
     */
    async listForUser(userId: string, page: number, limit: number) {
      const counted = await db
        .selectFrom('jobs')
        .selectAll()
        .select(sql<number>`count(*) over ()::integer`.as('total_jobs'))
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const rows = counted.map(({ total_jobs: _total, ...job }) => job);
      if (counted.length > 0) return { rows, total: counted[0]!.total_jobs };
      if (page === 1) return { rows, total: 0 };
      const total = await db
        .selectFrom('jobs')
        .select(sql<number>`count(*)::integer`.as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows, total: total.total };
    },

    /**
     * `listForUser` for a session token, checking the session in the same statement (see
     * `sessionUser`): undefined when it is not valid, and the caller checks it the long way for
     * the precise answer.
     */
    async listForSession(userId: string, issuedAt: Date, page: number, limit: number) {
      const found = await pageForSession({
        userId,
        issuedAt,
        limit,
        offset: (page - 1) * limit,
      });
      if (found.length === 0) return undefined;
      // A user without jobs on this page comes back as one row of nulls from the outer join.
      const rows = found
        .filter((row) => row.id !== null)
        .map(({ total_jobs: _total, ...job }) => job as JobRow);
      return { rows, total: found[0]!.total_jobs ?? 0 };
    },

    /** Previous succeeded jobs' analytics, for the comparison (newest first). */
    async previousAnalytics(userId: string, before: Date, limit: number): Promise<unknown[]> {
      const rows = await db
        .selectFrom('jobs')
        .select('analytics')
        .where('user_id', '=', userId)
        .where('status', '=', 'succeeded')
        .where('created_at', '<', before)
        .where('analytics', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.analytics);
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },

    /** Processing jobs whose worker stopped reporting: the stuck-job policy's input. */
    stale(before: Date, limit = 50) {
      return db
        .selectFrom('jobs')
        .select(['id', 'attempts', 'handbacks'])
        .where('status', '=', 'processing')
        .where('heartbeat_at', '<', before)
        .limit(limit)
        .execute();
    },

    /** Pending jobs created before `before`: enqueued again in case the first send was lost. */
    pendingSince(before: Date, limit = 50) {
      return db
        .selectFrom('jobs')
        .select(['id', 'attempts'])
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .limit(limit)
        .execute();
    },

    dueForDeletion(now: Date, limit = 100) {
      return db
        .selectFrom('jobs')
        .select(['id', 'user_id'])
        .where('scheduled_deletion', '<=', now)
        .where('status', 'in', ['succeeded', 'failed'])
        .limit(limit)
        .execute();
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
