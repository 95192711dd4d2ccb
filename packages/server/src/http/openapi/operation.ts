import { z } from 'zod';

/** Who may call an operation; read and jobs also take a signed-in session. */
export type Access = 'public' | 'session' | 'read' | 'jobs' | 'apiKey' | 'admin';

/** Error statuses an operation answers besides the ones every operation of its kind does. */
export type ErrorStatus = 401 | 402 | 403 | 404 | 405 | 409 | 413 | 422 | 502 | 503;

export interface OperationResponse {
  status: 200 | 201 | 204;
  /** JSON body; absent with `contentType` for other media, or for 204. */
  schema?: z.ZodType;
  contentType?: string;
  description?: string;
  /** The same body also comes with 200 (a repeat that created nothing). */
  isAlsoOk?: boolean;
}

/** One public route: its inputs and answers are the contract's schemas. */
export interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI form: /api/jobs/{id}. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** Text fields sent as multipart/form-data or application/x-www-form-urlencoded. */
  form?: z.ZodType;
  /** A raw body or a multipart file besides the fields (uploads). */
  upload?: { raw?: string[]; multipartFile?: string };
  response: OperationResponse;
  errors?: ErrorStatus[];
  /** Error statuses whose body is not the usual `{detail, code}`. */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
}

/** A body the contract describes by type only so far: any object, said so in the document. */
export const undescribedObject = z
  .looseObject({})
  .describe('An object; its fields are listed in the call tables of the product specification.');

export const idParams = z.object({ id: z.string() });
