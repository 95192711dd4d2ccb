import { sql } from 'kysely';
import type { Executor } from './executor.js';

export interface UploadRow {
  user_id: string;
  upload_id: string;
  file_name: string;
  total_chunks: number;
  created_at: Date;
  updated_at: Date;
  assembling_since: Date | null;
  job_id: string | null;
}

export interface ChunkRow {
  chunk_index: number;
  size: number;
  sha256: string | null;
}

/** Chunked uploads in progress; keys are always (user, upload id). */
export function createUploadsRepository(db: Executor) {
  return {
    find(userId: string, uploadId: string): Promise<UploadRow | undefined> {
      return db
        .selectFrom('uploads')
        .selectAll()
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .executeTakeFirst();
    },

    /** Creates the upload on its first chunk; later chunks only touch updated_at. */
    async open(userId: string, uploadId: string, fileName: string, totalChunks: number) {
      return db
        .insertInto('uploads')
        .values({
          user_id: userId,
          upload_id: uploadId,
          file_name: fileName,
          total_chunks: totalChunks,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'upload_id']).doUpdateSet({ updated_at: new Date() }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Serialises the upload bookkeeping of one user: callers hold this row lock (in a
     * transaction) while they add up and reserve bytes, so parallel requests see each other.
     */
    async lockOwner(userId: string): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /** Sets `bytes` aside for a chunk about to be written; it counts as missing until recorded. */
    async reserveChunk(userId: string, uploadId: string, index: number, bytes: number) {
      const values = { size: bytes, is_stored: false, sha256: null, received_at: new Date() };
      await db
        .insertInto('upload_chunks')
        .values({ user_id: userId, upload_id: uploadId, chunk_index: index, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'upload_id', 'chunk_index']).doUpdateSet(values))
        .execute();
    },

    /** Drops a reservation whose chunk was not stored. */
    async releaseChunk(userId: string, uploadId: string, index: number) {
      await db
        .deleteFrom('upload_chunks')
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .where('chunk_index', '=', index)
        .where('is_stored', '=', false)
        .execute();
    },

    /** Records a stored chunk; sending the same index again replaces it (idempotent). */
    async recordChunk(
      userId: string,
      uploadId: string,
      index: number,
      stored: { size: number; sha256: string },
    ) {
      const values = { ...stored, is_stored: true, received_at: new Date() };
      await db
        .insertInto('upload_chunks')
        .values({ user_id: userId, upload_id: uploadId, chunk_index: index, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'upload_id', 'chunk_index']).doUpdateSet(values))
        .execute();
    },

    /** The chunks stored so far (reservations of chunks still being written are left out). */
    async chunks(userId: string, uploadId: string): Promise<ChunkRow[]> {
      const rows = await db
        .selectFrom('upload_chunks')
        .select(['chunk_index', sql<number>`size::integer`.as('size'), 'sha256'])
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .where('is_stored', '=', true)
        .orderBy('chunk_index')
        .execute();
      return rows;
    },

    /**
     * What a user's uploads hold or have reserved, leaving out one chunk (the one about to be
     * replaced): the bytes of `uploadId`, the bytes of all uploads, and how many other uploads.
     */
    async usage(userId: string, uploadId: string, exceptIndex: number) {
      const row = await db
        .selectFrom('uploads')
        .leftJoin('upload_chunks', (join) =>
          join
            .onRef('upload_chunks.user_id', '=', 'uploads.user_id')
            .onRef('upload_chunks.upload_id', '=', 'uploads.upload_id')
            .on((eb) =>
              eb.or([
                eb('upload_chunks.upload_id', '<>', uploadId),
                eb('upload_chunks.chunk_index', '<>', exceptIndex),
              ]),
            ),
        )
        .where('uploads.user_id', '=', userId)
        .where('uploads.job_id', 'is', null)
        .select([
          sql<number>`coalesce(sum(upload_chunks.size) filter (where uploads.upload_id = ${uploadId}), 0)::bigint`.as(
            'upload_bytes',
          ),
          sql<number>`coalesce(sum(upload_chunks.size), 0)::bigint`.as('all_bytes'),
          sql<number>`count(distinct uploads.upload_id) filter (where uploads.upload_id <> ${uploadId})`.as(
            'other_uploads',
          ),
        ])
        .executeTakeFirstOrThrow();
      return {
        uploadBytes: Number(row.upload_bytes),
        allBytes: Number(row.all_bytes),
        otherUploads: Number(row.other_uploads),
      };
    },

    /**
     * Claims the upload for one assembly; false when another holds a claim newer than
     * `staleBefore` (an older one belonged to a process that died mid-way).
     */
    async claim(userId: string, uploadId: string, now: Date, staleBefore: Date): Promise<boolean> {
      const row = await db
        .updateTable('uploads')
        .set({ assembling_since: now, updated_at: now })
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .where('job_id', 'is', null)
        .where((eb) =>
          eb.or([eb('assembling_since', 'is', null), eb('assembling_since', '<', staleBefore)]),
        )
        .returning('upload_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The upload became this job: its chunk rows go, the row remembers the job. */
    async markAssembled(userId: string, uploadId: string, jobId: string): Promise<void> {
      await db
        .deleteFrom('upload_chunks')
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .execute();
      await db
        .updateTable('uploads')
        .set({ job_id: jobId, assembling_since: null, updated_at: new Date() })
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .execute();
    },

    async releaseClaim(userId: string, uploadId: string): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ assembling_since: null })
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .execute();
    },

    async remove(userId: string, uploadId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('uploads')
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Uploads nobody touched since `before`: abandoned, for the sweeper. */
    abandoned(before: Date, limit = 100) {
      return db
        .selectFrom('uploads')
        .select(['user_id', 'upload_id', 'job_id'])
        .where('updated_at', '<', before)
        .limit(limit)
        .execute();
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
