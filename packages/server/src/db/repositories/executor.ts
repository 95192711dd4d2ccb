import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** A database or an open transaction: repositories work on either. */
export type Executor = Kysely<Database>;

/** PostgreSQL's unique-violation error, as both pg and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}
