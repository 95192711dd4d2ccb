import { api } from './client.js';
import type { ModelsResponse } from '@repobundle/contract';

export const modelsApi = {
  models: () => api.get<ModelsResponse>('/api/models', { anonymous: true }),
};
