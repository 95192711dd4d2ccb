import type { ApiKeyRow } from '../db/repositories/api-keys.repository.js';
import type { UserRow } from '../db/repositories/users.repository.js';
import type { ServiceContext } from '../services/context.js';

/** Who a hosted MCP request acts for: the user behind its API key, and the key itself. */
export interface McpCaller {
  readonly ctx: ServiceContext;
  readonly user: UserRow;
  readonly key: ApiKeyRow;
}
