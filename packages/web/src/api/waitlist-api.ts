import { api } from './client.js';
import type { WaitlistCountResponse } from '@repobundle/contract';

export const waitlistApi = {
  join: (email: string) => api.post<unknown>('/api/waitlist/', { email }, { anonymous: true }),
  count: () => api.get<WaitlistCountResponse>('/api/waitlist/count', { anonymous: true }),
};
