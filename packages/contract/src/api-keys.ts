import { z } from 'zod';

/** The owner's REST API keys for outside tools (WooCommerce's `ck_…`/`cs_…` pairs). */
export const apiKeyPaths = {
  /** GET lists, POST creates (the only answer that holds the secret); DELETE `/{id}` revokes. */
  apiKeys: '/wp-json/larder/v1/api-keys',
} as const;

export const API_KEY_PERMISSIONS = ['read', 'write', 'read_write'] as const;
export const ApiKeyPermissionsSchema = z.enum(API_KEY_PERMISSIONS, {
  error: 'Choose read, write or read_write.',
});
export type ApiKeyPermissions = z.infer<typeof ApiKeyPermissionsSchema>;

export const ApiKeySchema = z.object({
  id: z.number().int(),
  /** The account the key acts as, with that account's role. */
  user_id: z.number().int(),
  user_email: z.string(),
  description: z.string(),
  permissions: ApiKeyPermissionsSchema,
  /** The consumer key's last seven characters, as WooCommerce lists it. */
  truncated_key: z.string(),
  /** When the key last signed a request (to the minute); null if never. */
  last_access: z.string().nullable(),
  date_created: z.string(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to creating a key: the only time the consumer key and secret are shown. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({
  consumer_key: z.string(),
  consumer_secret: z.string(),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyCreateSchema = z.object({
  description: z.string().trim().max(200, 'Keep the description under 200 characters.').default(''),
  permissions: ApiKeyPermissionsSchema,
});
export type ApiKeyCreate = z.input<typeof ApiKeyCreateSchema>;
