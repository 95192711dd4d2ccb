import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiErrorSchema } from '@repobundle/contract';
import { z } from 'zod';
import { accountOperations } from './account-operations.js';
import { jobOperations } from './job-operations.js';
import type { Access, ErrorStatus, Operation } from './operation.js';
import { otherOperations } from './other-operations.js';

/** Every public route of the API; a test checks it against the routes the app registers. */
export const operations: Operation[] = [...jobOperations, ...accountOperations, ...otherOperations];

type JsonSchema = Record<string, unknown>;

/** A contract schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The input was refused; `detail` says which field and why.',
  401: 'No valid session or API key (`NOT_AUTHENTICATED`, `TOKEN_EXPIRED`, `INVALID_API_KEY`...).',
  402: 'Not enough credits: `credits_needed` and `credits_available` say by how much.',
  403: 'Not allowed: plan limits, or an API key on a call it cannot make (`API_KEY_NOT_ALLOWED`, `INSUFFICIENT_SCOPE`).',
  404: 'Not found (another user’s things do not exist for you).',
  405: 'The path exists, but not for this method.',
  409: 'Conflicts with the current state (a job not finished, an upload being assembled...).',
  413: "Larger than the plan's upload limit, a field's limit or the request size limit.",
  415: 'The body is not of a media type the call takes.',
  422: 'The archive is unusable: `detail` gives the reason (traversal, links, zip bomb...).',
  429: 'Rate limited: wait for the Retry-After header.',
  502: 'A service the call relies on (GitHub, the payment provider) failed or could not be reached.',
  503: 'Maintenance mode, a service the call needs is unavailable, or the database took too long (`REQUEST_TIMEOUT`): try again.',
};

function parameters(where: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const described = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(described.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (described.required ?? []).includes(name),
    schema: property,
  }));
}

function requestBody(operation: Operation) {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (operation.body) content['application/json'] = { schema: jsonSchema(operation.body, 'input') };
  for (const type of operation.upload?.raw ?? []) {
    content[type] = { schema: type === 'application/json' ? {} : { contentMediaType: type } };
  }
  if (operation.form || operation.upload?.multipartFile) {
    const fields = operation.form ? jsonSchema(operation.form, 'input') : { type: 'object' };
    const file = operation.upload?.multipartFile;
    const properties = (fields.properties ?? {}) as Record<string, JsonSchema>;
    const form = file
      ? {
          ...fields,
          properties: { ...properties, [file]: { contentMediaType: 'application/octet-stream' } },
          required: [...((fields.required as string[] | undefined) ?? []), file],
        }
      : fields;
    content['multipart/form-data'] = { schema: form };
    if (!file) content['application/x-www-form-urlencoded'] = { schema: form };
  }
  return Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {};
}

function errorStatuses(operation: Operation): number[] {
  const statuses = new Set<number>(operation.errors ?? []);
  const hasInput = Boolean(
    operation.params || operation.query || operation.body || operation.form || operation.upload,
  );
  if (hasInput) statuses.add(400);
  // Every body passes the size limit and the content-type parsers before the route sees it.
  if (operation.body || operation.form || operation.upload) {
    statuses.add(413);
    statuses.add(415);
  }
  if (operation.access !== 'public') statuses.add(401);
  if (['session', 'read', 'jobs', 'apiKey'].includes(operation.access)) statuses.add(403);
  if (['read', 'jobs', 'apiKey'].includes(operation.access)) statuses.add(429);
  if (operation.path.startsWith('/auth/')) statuses.add(429);
  if (/^\/(auth|api|payments)\//.test(operation.path) && operation.path !== '/api/status') {
    statuses.add(503);
  }
  return [...statuses].sort();
}

function responses(operation: Operation) {
  const { response } = operation;
  const body = response.schema
    ? { content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } } }
    : response.contentType
      ? { content: { [response.contentType]: { schema: {} } } }
      : {};
  const answer = { description: response.description ?? 'Success.', ...body };
  const result: Record<string, unknown> = { [String(response.status)]: answer };
  if (response.isAlsoOk) result['200'] = answer;
  for (const status of errorStatuses(operation)) {
    const own = operation.errorBodies?.[status as ErrorStatus];
    result[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
      content: {
        'application/json': {
          schema: own ? jsonSchema(own, 'output') : { $ref: '#/components/schemas/Error' },
        },
      },
    };
  }
  return result;
}

const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  session: [{ session: [] }],
  read: [{ session: [] }, { apiKey: [] }],
  jobs: [{ session: [] }, { apiKey: [] }],
  apiKey: [{ apiKey: [] }],
  admin: [{ adminToken: [] }],
};

function describeOperation(operation: Operation) {
  const scope =
    operation.access === 'read' || operation.access === 'jobs'
      ? `\n\nAPI keys: scope \`${operation.access}\` or wider.`
      : operation.access === 'session'
        ? '\n\nA signed-in session only: API keys are refused here.'
        : '';
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description || scope
      ? { description: `${operation.description ?? ''}${scope}`.trim() }
      : {}),
    operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    security: SECURITY[operation.access],
    ...(operation.access === 'read' || operation.access === 'jobs'
      ? { 'x-api-key-scope': operation.access }
      : {}),
    parameters: [...parameters('path', operation.params), ...parameters('query', operation.query)],
    ...requestBody(operation),
    responses: responses(operation),
  };
}

function packageVersion(): string {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The OpenAPI 3.1 document, generated from the contract's schemas. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] = {
      ...paths[operation.path],
      [operation.method]: describeOperation(operation),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'RepoBundle API',
      version: packageVersion(),
      description:
        'Turn repositories into AI-ready bundles. Programs authenticate with a personal API key (`Authorization: Bearer rbk_...`, created under Settings, API keys). Errors are `{detail, code}`.',
    },
    tags: [
      'Jobs',
      'Uploads',
      'Repositories',
      'API keys',
      'Account',
      'Payments',
      'Gitignore',
      'Waitlist',
      'MCP',
      'Health',
      'Operator',
    ].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a signed-in session (POST /auth/login).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal API key, `rbk_...`. Scope `read`: jobs, outputs, profile; `jobs`: also creates and deletes jobs.',
        },
        adminToken: { type: 'http', scheme: 'bearer', description: "The operator's ADMIN_TOKEN." },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
