import { api } from './client.js';
import type { StatusResponse } from '@repobundle/contract';

export const statusApi = {
  status: () => api.get<StatusResponse>('/api/status', { anonymous: true }),
};
