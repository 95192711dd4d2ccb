import { api, tokens } from './client.js';
import { errorFromResponse } from './api-error.js';
import type {
  JobFileContentResponse,
  JobFilesResponse,
  JobListResponse,
  JobResponse,
  MessageResponse,
} from '@repobundle/contract';
import type { ChunkingAnalytics } from './types.js';

export const JOBS_PAGE_SIZE = 25;

const jobPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** An output path keeps its slashes; each segment is encoded on its own. */
const filePath = (id: string, path: string) =>
  `${jobPath(id)}/files/${path.split('/').map(encodeURIComponent).join('/')}`;

/**
 * A binary GET with the session rules of the JSON client: bearer token, and one shared refresh
 * then one retry on a 401 TOKEN_EXPIRED.
 */
async function getBlob(path: string): Promise<Blob> {
  const send = (token: string | null) =>
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const token = tokens.getAccessToken();
  let response = await send(token);
  if (response.status === 401 && token) {
    const body: unknown = await response.json().catch(() => null);
    const error = errorFromResponse(401, body);
    if (error.code !== 'TOKEN_EXPIRED') throw error;
    response = await send(await api.refreshShared());
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw errorFromResponse(response.status, body);
  }
  return response.blob();
}

export const jobsApi = {
  list: (page: number, limit = JOBS_PAGE_SIZE) =>
    api.get<JobListResponse>('/api/jobs', { query: { page, limit } }),
  job: (id: string) => api.get<JobResponse>(jobPath(id)),
  files: async (id: string) => (await api.get<JobFilesResponse>(`${jobPath(id)}/files`)).files,
  fileContent: (id: string, path: string) => api.get<JobFileContentResponse>(filePath(id, path)),
  analytics: (id: string) => api.get<ChunkingAnalytics>(`${jobPath(id)}/chunking-analytics`),
  download: (id: string) => getBlob(`${jobPath(id)}/download`),
  remove: (id: string, digits: string) =>
    api.delete<MessageResponse & { job_id: string }>(jobPath(id), {
      query: { confirmation_digits: digits },
    }),
};
