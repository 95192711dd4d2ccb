import { api } from './client.js';
import type { AppStatus } from './types.js';

export const statusApi = {
  status: () => api.get<AppStatus>('/api/status', { anonymous: true }),
};
