import {
  analyzePatternsRequestSchema,
  gitignoreTemplates,
  simulateMatchingRequestSchema,
  validatePatternRequestSchema,
  validatePatternsRequestSchema,
} from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';
import {
  analyzePatterns,
  checkPattern,
  checkPatterns,
  simulateMatching,
} from '../../../services/gitignore.service.js';
import { bodyOf, type RouteOptions } from '../route-context.js';

/** Ignore-pattern helpers of the upload screen; they read no data. */
export async function gitignoreRoutes(app: FastifyInstance, _options: RouteOptions) {
  app.post(
    '/api/gitignore/validate-pattern',
    { schema: { body: validatePatternRequestSchema } },
    async (req) => checkPattern(bodyOf(validatePatternRequestSchema, req).pattern),
  );
  app.post(
    '/api/gitignore/validate-patterns',
    { schema: { body: validatePatternsRequestSchema } },
    async (req) => checkPatterns(bodyOf(validatePatternsRequestSchema, req).patterns),
  );
  app.get('/api/gitignore/template-patterns', async () => ({ templates: gitignoreTemplates }));
  app.post(
    '/api/gitignore/analyze-patterns',
    { schema: { body: analyzePatternsRequestSchema } },
    async (req) => analyzePatterns(bodyOf(analyzePatternsRequestSchema, req).patterns),
  );
  app.post(
    '/api/gitignore/simulate-file-matching',
    { schema: { body: simulateMatchingRequestSchema } },
    async (req) => {
      const { patterns, test_files } = bodyOf(simulateMatchingRequestSchema, req);
      return simulateMatching(patterns, test_files);
    },
  );
}
