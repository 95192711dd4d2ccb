import { MODELS, toModelRow, type ModelsResponse } from '@repobundle/contract';
import type { FastifyInstance } from 'fastify';

/**
 * GET /api/models: the models a job's target_model may name, with tokenizer, context window and
 * whether counts for them are exact (else the estimate's error band). Public: it is reference
 * data, the same table as `repobundle models`.
 */
export async function modelsRoutes(app: FastifyInstance) {
  app.get('/api/models', async (): Promise<ModelsResponse> => ({
    models: MODELS.map(toModelRow),
  }));
}
