import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import {
  buildOpenApiDocument,
  type OpenApiDocument,
} from '../../src/http/openapi/openapi-document.js';

interface DescribedResponse {
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
type Operations = Record<string, { responses: Record<string, DescribedResponse> }>;

let document: OpenApiDocument | undefined;
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function documentAndAjv() {
  if (!document || !ajv) {
    document = buildOpenApiDocument();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'components', ...document.components });
  }
  return { document, ajv };
}

/** The OpenAPI path of a Fastify route: `:id` is `{id}`, the wildcard `{path}`. */
export function openApiPath(route: string): string {
  const path = route.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
  return path === '/api/waitlist' ? '/api/waitlist/' : path;
}

function validatorFor(key: string, schema: Record<string, unknown>, ajv: Ajv2020) {
  let validate = validators.get(key);
  if (!validate) {
    const local = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/schemas/'),
    ) as Record<string, unknown>;
    validate = ajv.compile(local);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Checks every answer of a test app against the OpenAPI document: an operation of the document
 * may answer only the statuses it lists, with JSON bodies of the schemas it gives. So every HTTP
 * test of the server also tests the document. Routes the document does not describe (static
 * files, the web app) are not checked here; the document's own test checks that every API route
 * is in it. Violations are collected and fail the app's close, with each one listed.
 */
export function checkResponsesAgainstOpenApi(app: FastifyInstance): void {
  const violations: string[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route) return payload;
    const { document, ajv } = documentAndAjv();
    const path = openApiPath(route);
    const operations = (document.paths as Record<string, Operations | undefined>)[path];
    const operation = operations?.[request.method.toLowerCase()];
    if (!operation) return payload;
    const status = String(reply.statusCode);
    const where = `${request.method} ${path} answered ${status}`;
    const described = operation.responses[status];
    if (!described) {
      violations.push(`${where}, which the document does not list`);
      return payload;
    }
    const schema = described.content?.['application/json']?.schema;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!schema || !type.startsWith('application/json') || typeof payload !== 'string') {
      return payload;
    }
    const validate = validatorFor(`${request.method} ${path} ${status}`, schema, ajv);
    if (!validate(JSON.parse(payload))) {
      violations.push(
        `${where} with a body the document does not allow: ${ajv.errorsText(validate.errors)}`,
      );
    }
    return payload;
  });
  app.addHook('onClose', async () => {
    if (violations.length > 0) {
      throw new Error(
        `Answers that do not match the OpenAPI document:\n${[...new Set(violations)].join('\n')}`,
      );
    }
  });
}
