import { api } from './client.js';
import type { WaitlistCount } from './types.js';

export const waitlistApi = {
  join: (email: string) => api.post<unknown>('/api/waitlist/', { email }, { anonymous: true }),
  count: () => api.get<WaitlistCount>('/api/waitlist/count', { anonymous: true }),
};
