import { api } from './client.js';
import type {
  ApiKeyListResponse,
  CreateApiKeyRequest,
  CreatedApiKeyResponse,
} from '@repobundle/contract';

export const apiKeysApi = {
  list: () => api.get<ApiKeyListResponse>('/api/keys'),
  create: (request: CreateApiKeyRequest) => api.post<CreatedApiKeyResponse>('/api/keys', request),
  revoke: (id: string) => api.delete<unknown>(`/api/keys/${encodeURIComponent(id)}`),
};
