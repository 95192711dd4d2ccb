import type { ApiKey, ApiKeyScope } from '@repobundle/contract';
import type { ApiKeyRow } from '../db/repositories/api-keys.repository.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A key as listed. Built field by field: the hash never leaves the server. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as ApiKeyScope,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
  };
}
