import { createHash, randomBytes } from 'node:crypto';
import type { CreatedApiKey, ApiKey } from '@shared/schemas/api-keys';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../lib/errors';
import { presentApiKey } from './api-keys.presenter';
import { ApiKeysRepository } from './api-keys.repository';

/** Every secret starts with this, so a leaked key is recognisable (and findable by secret scanners). */
export const API_KEY_PREFIX = 'aitlas_';
/** Characters of the secret shown in the admin list. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
const SECRET_SHAPE = /^aitlas_[A-Za-z0-9_-]{43}$/;

/**
 * A SHA-256 of the secret. The secret is 256 random bits, so a fast hash is enough: there is nothing
 * to brute-force, unlike a password, and each request can check its key with one indexed lookup.
 */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The identity an API request runs under: a valid key, or none. */
export type ApiClient = { kind: 'key'; keyId: number } | { kind: 'anonymous' };

/** Creating, listing and revoking the optional keys of the public API, and checking a presented key. */
export class ApiKeysService {
  private readonly keys: ApiKeysRepository;

  constructor(private readonly ctx: AppContext) {
    this.keys = new ApiKeysRepository(ctx.db);
  }

  /** Creates a key. The secret is in the answer and nowhere else: only its hash is stored. */
  async create(name: string, createdBy: number | null): Promise<CreatedApiKey> {
    const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.keys.insert({
      name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      secretHash: hashApiKeySecret(secret),
      createdBy,
    });
    return { key: presentApiKey(row), secret };
  }

  async list(): Promise<ApiKey[]> {
    return (await this.keys.list()).map(presentApiKey);
  }

  /** Revokes a key at once on every instance (each request reads the key's row). @throws 404 */
  async revoke(id: number): Promise<ApiKey> {
    const row = await this.keys.revoke(id);
    if (!row) throw notFound('API key not found');
    return presentApiKey(row);
  }

  /**
   * Who is calling, from the `Authorization` header. No header is fine (keys are optional); a header
   * that is not a valid, active key is refused rather than silently treated as anonymous, so a
   * client notices a revoked or mistyped key.
   * @throws 401 `unauthorized`
   */
  async identify(authorization: string | undefined): Promise<ApiClient> {
    if (authorization === undefined || authorization.trim() === '') return { kind: 'anonymous' };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <API key>".');
    const secret = match[1];
    const row = SECRET_SHAPE.test(secret) ? await this.keys.findBySecretHash(hashApiKeySecret(secret)) : undefined;
    if (!row) throw unauthorized('Unknown API key. Keys are optional: send no Authorization header to use the anonymous limit.');
    if (row.revokedAt) throw unauthorized('This API key has been revoked.');
    void this.keys.touch(row.id).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'could not record an API key use'));
    return { kind: 'key', keyId: row.id };
  }
}
