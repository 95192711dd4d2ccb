import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import multipart from '@fastify/multipart';
import { chunkFieldsSchema, assembleRequestSchema } from '@repobundle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../errors.js';
import { createJobFromUpload } from '../../../services/jobs.service.js';
import {
  deleteUpload,
  MAX_CHUNK_BYTES,
  storeChunk,
  storeStream,
} from '../../../services/uploads.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import { describeIssues } from '../../plugins/validation.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

const uploadIdParams = z.object({ upload_id: chunkFieldsSchema.shape.upload_id });
const streamQuery = z.object({
  upload_id: chunkFieldsSchema.shape.upload_id,
  file_name: chunkFieldsSchema.shape.file_name,
});

/**
 * Reads the multipart chunk request. Fields sent before the file let the chunk stream straight
 * to storage; a file part that comes first is spooled to a temp file until the fields are known.
 */
async function withChunk<T>(
  request: FastifyRequest,
  use: (fields: Record<string, string>, body: Readable) => Promise<T>,
): Promise<T> {
  const fields: Record<string, string> = {};
  let spooled: string | undefined;
  let spoolDir: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'chunk') {
        part.file.resume();
        continue;
      }
      const parsed = chunkFieldsSchema.safeParse(fields);
      if (parsed.success) return await use(fields, part.file);
      spoolDir = await mkdtemp(join(tmpdir(), 'repobundle-chunk-'));
      spooled = join(spoolDir, 'chunk');
      await pipeline(part.file, createWriteStream(spooled));
      if (part.file.truncated) {
        throw badRequest(
          'PAYLOAD_TOO_LARGE',
          `A chunk may be at most ${MAX_CHUNK_BYTES / 1024 / 1024} MB.`,
        );
      }
    }
    if (!spooled)
      throw badRequest(
        'VALIDATION_ERROR',
        'chunk is required: send the chunk as a file field named "chunk".',
      );
    return await use(fields, createReadStream(spooled));
  } finally {
    if (spoolDir) await rm(spoolDir, { recursive: true, force: true });
  }
}

/** The request's Content-Length, when it sent one: the body's bytes cannot exceed it. */
function declaredLength(request: FastifyRequest): { declaredBytes?: number } {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? { declaredBytes: length } : {};
}

/** Chunked and streaming uploads, and the assembly that turns an upload into a job. */
export async function uploadRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx, { apiKey: 'jobs' });
  await app.register(multipart, {
    limits: { fileSize: MAX_CHUNK_BYTES + 1, files: 1, fields: 20, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  // The streaming path takes the archive as the raw body; the service bounds its size.
  app.addContentTypeParser(
    ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'],
    (_request, payload, done) => done(null, payload),
  );

  app.post('/api/jobs/chunk', { onRequest }, async (req) => {
    if (!req.isMultipart()) {
      throw badRequest('VALIDATION_ERROR', 'Send the chunk as multipart/form-data.');
    }
    const user = currentUser(req);
    return withChunk(req, async (fields, body) => {
      const parsed = chunkFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        body.resume();
        throw badRequest('VALIDATION_ERROR', describeIssues(parsed.error.issues, 'form'));
      }
      const { upload_id, file_name, chunk_index, total_chunks } = parsed.data;
      return storeChunk(ctx, user, {
        uploadId: upload_id,
        fileName: file_name,
        chunkIndex: chunk_index,
        totalChunks: total_chunks,
        body,
        ...declaredLength(req),
      });
    });
  });

  app.post(
    '/api/jobs/upload-stream',
    { onRequest, schema: { querystring: streamQuery }, bodyLimit: Number.MAX_SAFE_INTEGER },
    async (req) => {
      const { upload_id, file_name } = req.query as z.output<typeof streamQuery>;
      if (!req.body || typeof (req.body as Readable).pipe !== 'function') {
        throw badRequest(
          'VALIDATION_ERROR',
          'Send the archive as the request body (application/octet-stream).',
        );
      }
      return storeStream(
        ctx,
        currentUser(req),
        upload_id,
        file_name,
        req.body as Readable,
        declaredLength(req).declaredBytes,
      );
    },
  );

  app.post(
    '/api/jobs/assemble',
    // The selection of a 200,000-file archive runs to megabytes of paths.
    { onRequest, schema: { body: assembleRequestSchema }, bodyLimit: 32 * 1024 * 1024 },
    async (req) => createJobFromUpload(ctx, currentUser(req), bodyOf(assembleRequestSchema, req)),
  );

  app.delete(
    '/api/jobs/upload/:upload_id',
    { onRequest, schema: { params: uploadIdParams } },
    async (req) => {
      const { upload_id } = req.params as z.output<typeof uploadIdParams>;
      return deleteUpload(ctx, currentUser(req), upload_id);
    },
  );
}
