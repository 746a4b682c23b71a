import { z } from './zod';

/** An API key as the admin list shows it: never the secret, only its first characters. */
export interface ApiKey {
  id: number;
  name: string;
  /** The first characters of the secret, to recognise a key without revealing it. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** `POST /api/admin/api-keys` answer: the only time the secret is ever shown. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}

/** `POST /api/admin/api-keys` body. */
export const apiKeyCreateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
