import {
  deleteJobQuerySchema,
  jobListQuerySchema,
  jobWaitQuerySchema,
  textField,
} from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { presentJob } from '../../../presenters/job.presenter.js';
import { presentPagination } from '../../../presenters/pagination.presenter.js';
import {
  downloadOutputs,
  jobAnalytics,
  listOutputFiles,
  readOutputFile,
} from '../../../services/job-results.service.js';
import {
  deleteJob,
  findJob,
  listJobs,
  listJobsForSession,
} from '../../../services/jobs.service.js';
import { waitForJobEnd } from '../../../services/job-wait.js';
import { createAuthenticate, currentUser, loadCurrentUser } from '../../plugins/authenticate.js';
import type { RouteOptions } from '../route-context.js';

const jobParams = z.object({ id: textField().max(100) });
const fileParams = z.object({ id: textField().max(100), '*': textField().min(1).max(1024) });

/** The jobs of the signed-in user and their results. */
export async function jobsRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  // Reading takes an API key of any scope; deleting one of the `jobs` scope.
  const onRequest = createAuthenticate(ctx, { apiKey: 'read' });
  const onDelete = createAuthenticate(ctx, { apiKey: 'jobs' });

  // The dashboard polls the list: a session's page is read with its check in one statement.
  const onList = createAuthenticate(ctx, { apiKey: 'read', deferUserLookup: true });
  app.get(
    '/api/jobs',
    { onRequest: onList, schema: { querystring: jobListQuerySchema } },
    async (req) => {
      const { page, limit } = req.query as z.output<typeof jobListQuerySchema>;
      const fast = req.sessionClaims
        ? await listJobsForSession(ctx, req.sessionClaims, page, limit)
        : undefined;
      const { rows, total } =
        fast ?? (await listJobs(ctx, await loadCurrentUser(ctx, req), page, limit));
      return {
        jobs: rows.map(presentJob),
        pagination: presentPagination(page, limit, total, 'total_jobs'),
      };
    },
  );

  // Long polls end early when the server stops, so a shutdown never waits a minute for them.
  const stopping = app.drain.signal;

  app.get(
    '/api/jobs/:id',
    { onRequest, schema: { params: jobParams, querystring: jobWaitQuerySchema } },
    async (req, reply) => {
      const { id } = req.params as z.output<typeof jobParams>;
      const { wait } = req.query as z.output<typeof jobWaitQuerySchema>;
      if (!wait) return presentJob(await findJob(ctx, currentUser(req), id));
      const gone = new AbortController();
      const onClose = () => gone.abort();
      reply.raw.once('close', onClose);
      try {
        const signal = AbortSignal.any([gone.signal, stopping]);
        return presentJob(await waitForJobEnd(ctx, currentUser(req), id, wait * 1000, signal));
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );

  app.get('/api/jobs/:id/files', { onRequest, schema: { params: jobParams } }, async (req) => {
    const { id } = req.params as z.output<typeof jobParams>;
    return { files: await listOutputFiles(ctx, currentUser(req), id) };
  });

  app.get('/api/jobs/:id/files/*', { onRequest, schema: { params: fileParams } }, async (req) => {
    const params = req.params as z.output<typeof fileParams>;
    const { file, content } = await readOutputFile(ctx, currentUser(req), params.id, params['*']);
    return {
      name: file.path.split('/').pop() ?? file.path,
      path: file.path,
      size: file.size,
      content,
    };
  });

  app.get(
    '/api/jobs/:id/download',
    { onRequest, schema: { params: jobParams } },
    async (req, reply) => {
      const { id } = req.params as z.output<typeof jobParams>;
      const stream = await downloadOutputs(ctx, currentUser(req), id);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="job-${id}.zip"`)
        .send(stream);
    },
  );

  app.get(
    '/api/jobs/:id/chunking-analytics',
    { onRequest, schema: { params: jobParams } },
    async (req) => {
      const { id } = req.params as z.output<typeof jobParams>;
      return jobAnalytics(ctx, currentUser(req), id);
    },
  );

  app.delete(
    '/api/jobs/:id',
    { onRequest: onDelete, schema: { params: jobParams, querystring: deleteJobQuerySchema } },
    async (req) => {
      const { id } = req.params as z.output<typeof jobParams>;
      const { confirmation_digits } = req.query as z.output<typeof deleteJobQuerySchema>;
      await deleteJob(ctx, currentUser(req), id, confirmation_digits);
      return { message: 'Job deleted.', job_id: id };
    },
  );
}
