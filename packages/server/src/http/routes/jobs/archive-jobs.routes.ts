import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { archiveJobFieldsSchema } from '@repobundle/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../errors.js';
import {
  createJobFromStoredArchive,
  discardStoredArchive,
  storeArchive,
  type ArchiveJobFields,
} from '../../../services/archive-job.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import { addField, formPayload, queryFields, type FormFields } from '../github/repository-form.js';
import type { RouteOptions } from '../route-context.js';

// A selection may list 200,000 paths, as one JSON field or one field each.
const FIELD_BYTES = 32 * 1024 * 1024;
const MAX_FIELDS = 200_100;
const DEFAULT_FILE_NAME = 'archive.zip';

const parseFields = (fields: FormFields): ArchiveJobFields =>
  formPayload(archiveJobFieldsSchema, fields);

/** The request's Content-Length, when it sent one: the body's bytes cannot exceed it. */
function declaredLength(request: FastifyRequest): { declaredBytes?: number } {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? { declaredBytes: length } : {};
}

/**
 * multipart/form-data: the archive as one file part, job fields as text parts (before or after
 * it) or in the query. The file streams to storage as it arrives; the fields are checked once
 * the form has ended, and a refusal then removes the stored archive again.
 */
async function jobFromForm(request: FastifyRequest, { ctx }: RouteOptions) {
  const user = currentUser(request);
  const fields = queryFields(request.query);
  let stored: { uploadId: string; fileName: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fieldSize: FIELD_BYTES, fields: MAX_FIELDS, files: 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const fileName = part.filename || DEFAULT_FILE_NAME;
        const uploadId = await storeArchive(ctx, user, { fileName, body: part.file });
        stored = { uploadId, fileName };
        continue;
      }
      if (part.valueTruncated) {
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `The ${part.fieldname} field is larger than ${FIELD_BYTES / 1024 / 1024} MB.`,
        );
      }
      addField(fields, part.fieldname, String(part.value));
    }
    if (!stored) {
      throw badRequest('VALIDATION_ERROR', 'Send the ZIP archive as a file field named "file".');
    }
    const input = parseFields(fields);
    return await createJobFromStoredArchive(ctx, user, stored.uploadId, stored.fileName, input);
  } catch (error) {
    if (stored) await discardStoredArchive(ctx, user, stored.uploadId);
    throw error;
  }
}

/** The ZIP as the whole body, job fields in the query: checked before a byte is stored. */
async function jobFromBody(request: FastifyRequest, { ctx }: RouteOptions) {
  const user = currentUser(request);
  const input = parseFields(queryFields(request.query));
  const body = request.body as Readable | undefined;
  if (!body || typeof body.pipe !== 'function') {
    throw badRequest(
      'VALIDATION_ERROR',
      'Send the ZIP archive as the request body (Content-Type: application/zip) or as multipart/form-data.',
    );
  }
  const fileName = input.file_name ?? DEFAULT_FILE_NAME;
  const uploadId = await storeArchive(ctx, user, { fileName, body, ...declaredLength(request) });
  return createJobFromStoredArchive(ctx, user, uploadId, fileName, input);
}

/** POST /api/jobs/from-archive: one request makes a job, for programs (API keys). */
export async function archiveJobsRoutes(app: FastifyInstance, options: RouteOptions) {
  const onRequest = createAuthenticate(options.ctx, { apiKey: 'jobs' });
  // The plan's upload limit is enforced while storing; these only stop runaway forms.
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addContentTypeParser(
    ['application/octet-stream', 'application/zip', 'application/x-zip-compressed'],
    (_request, payload, done) => done(null, payload),
  );

  app.post(
    '/api/jobs/from-archive',
    { onRequest, bodyLimit: Number.MAX_SAFE_INTEGER },
    async (req, reply) => {
      const created = req.isMultipart()
        ? await jobFromForm(req, options)
        : await jobFromBody(req, options);
      return reply.status(201).send(created);
    },
  );
}
