import multipart from '@fastify/multipart';
import {
  fromGithubRequestSchema,
  repositoryFileFormSchema,
  repositoryFormSchema,
} from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import {
  createJobFromGithub,
  downloadRepositoryZip,
  previewRepository,
  repositoryFileContent,
} from '../../../services/github/repositories.service.js';
import { createAuthenticate, currentUser } from '../../plugins/authenticate.js';
import { formPayload, readForm, type FormLimits } from './repository-form.js';
import type { RouteOptions } from '../route-context.js';

const SMALL_FORM: FormLimits = { fieldBytes: 16 * 1024, fields: 20 };
// A job's selection may list 200,000 paths: as one JSON field or one field each.
const JOB_FORM: FormLimits = { fieldBytes: 32 * 1024 * 1024, fields: 200_100 };

/** The repository calls under /api/jobs, all multipart forms. */
export async function repositoriesRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const onRequest = createAuthenticate(ctx, { apiKey: 'jobs' });
  await app.register(multipart, { limits: { files: 1 } });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: JOB_FORM.fieldBytes },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  app.post('/api/jobs/github/preview', { onRequest }, async (req) => {
    const form = formPayload(repositoryFormSchema, await readForm(req, SMALL_FORM));
    return previewRepository(ctx, currentUser(req), form);
  });

  app.post('/api/jobs/github/download-zip', { onRequest }, async (req) => {
    const form = formPayload(repositoryFormSchema, await readForm(req, SMALL_FORM));
    return downloadRepositoryZip(ctx, currentUser(req), form);
  });

  app.post('/api/jobs/github/file-content', { onRequest }, async (req) => {
    const form = formPayload(repositoryFileFormSchema, await readForm(req, SMALL_FORM));
    return repositoryFileContent(ctx, currentUser(req), form);
  });

  app.post('/api/jobs/from-github', { onRequest, bodyLimit: JOB_FORM.fieldBytes }, async (req) => {
    const form = formPayload(fromGithubRequestSchema, await readForm(req, JOB_FORM));
    return createJobFromGithub(ctx, currentUser(req), form);
  });
}
