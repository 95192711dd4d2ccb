import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServiceContext } from '../../services/context.js';

/** What a route module receives from the app builder. */
export interface RouteOptions {
  ctx: ServiceContext;
}

/** The body after the route's schema validated (and normalised) it. */
export function bodyOf<S extends z.ZodType>(_schema: S, request: FastifyRequest): z.output<S> {
  return request.body as z.output<S>;
}
