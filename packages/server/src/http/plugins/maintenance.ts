import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';

const API_PREFIXES = ['/auth/', '/api/', '/payments/'];
const ALWAYS_OPEN = ['/api/status'];

/** MAINTENANCE_MODE=on: the API answers 503; health, status, operator API and web stay up. */
export function useMaintenanceMode(app: FastifyInstance, isOn: boolean): void {
  if (!isOn) return;
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (ALWAYS_OPEN.includes(path.replace(/\/$/, ''))) return;
    if (!API_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
    throw new AppError(
      503,
      'MAINTENANCE',
      'RepoBundle is down for maintenance. Please try again later.',
      { headers: { 'retry-after': '300' } },
    );
  });
}
