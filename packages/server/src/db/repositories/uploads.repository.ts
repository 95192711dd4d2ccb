import { sql } from 'kysely';
import type { Executor } from './executor.js';

export interface UploadRow {
  user_id: string;
  upload_id: string;
  file_name: string;
  total_chunks: number;
  created_at: Date;
  updated_at: Date;
}

export interface ChunkRow {
  chunk_index: number;
  size: number;
}

/** Chunked uploads in progress (DESIGN 4.12); keys are always (user, upload id). */
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

    /** Records a stored chunk; sending the same index again replaces it (idempotent). */
    async recordChunk(userId: string, uploadId: string, index: number, size: number) {
      await db
        .insertInto('upload_chunks')
        .values({ user_id: userId, upload_id: uploadId, chunk_index: index, size })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'upload_id', 'chunk_index'])
            .doUpdateSet({ size, received_at: new Date() }),
        )
        .execute();
    },

    async chunks(userId: string, uploadId: string): Promise<ChunkRow[]> {
      const rows = await db
        .selectFrom('upload_chunks')
        .select(['chunk_index', sql<number>`size::integer`.as('size')])
        .where('user_id', '=', userId)
        .where('upload_id', '=', uploadId)
        .orderBy('chunk_index')
        .execute();
      return rows;
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
        .select(['user_id', 'upload_id'])
        .where('updated_at', '<', before)
        .limit(limit)
        .execute();
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
