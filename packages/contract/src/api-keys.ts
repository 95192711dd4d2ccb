import { z } from 'zod';
import { textField } from './fields.js';

/**
 * What a personal API key may do: `read` reads jobs, their outputs, the models and the profile;
 * `jobs` does that and creates (and deletes) jobs. Neither reaches account, key or payment calls.
 */
export const apiKeyScopes = ['read', 'jobs'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rbk_';

/** The longest lifetime a key may be given, in days (ten years). */
export const MAX_API_KEY_DAYS = 3650;

/** POST /api/keys. Without expires_in_days the key lives until it is revoked. */
export const createApiKeyRequestSchema = z.strictObject({
  name: textField({ error: 'name is required.' })
    .trim()
    .min(1, 'Give the key a name.')
    .max(100, 'The name is at most 100 characters.'),
  scope: z.enum(apiKeyScopes, { error: `scope must be one of: ${apiKeyScopes.join(', ')}.` }),
  expires_in_days: z
    .number({ error: 'expires_in_days must be a number of days.' })
    .int('expires_in_days must be a whole number of days.')
    .min(1, 'expires_in_days must be at least 1.')
    .max(MAX_API_KEY_DAYS, `expires_in_days must be at most ${MAX_API_KEY_DAYS}.`)
    .optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** A key as listed: never its secret; `prefix` (its first characters) tells keys apart. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiKeyScopes),
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** 201 of POST /api/keys: the only answer that holds the secret `key`. */
export const createdApiKeyResponseSchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponseSchema>;

export const apiKeyListResponseSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;
