import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { stackPath } from '@shared/browse-paths';
import {
  STACK_SECRET_PATTERN,
  type CreatedStack,
  type Stack,
  type StackCreateInput,
  type StackPatchInput,
} from '@shared/schemas/stacks';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { presentStack } from './stacks.presenter';
import { StacksRepository } from './stacks.repository';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Shareable stacks (issue 23): lists of published apps made without an account. The page id and the
 * creator's secret are random; only the secret's SHA-256 is stored, and only its holder may edit or
 * delete the stack.
 */
export class StacksService {
  private readonly repository: StacksRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new StacksRepository(ctx.db);
  }

  /** The apps of a new item list, each published now. @throws 400 naming the apps that are not */
  private resolveApps(items: StackCreateInput['apps']): { appId: number; appName: string; note: string | null }[] {
    const missing = items.filter((item) => this.ctx.search.findPublished(item.id) === null).map((item) => item.id);
    if (missing.length > 0) throw badRequest('Only published apps can be in a stack', { apps: missing });
    return items.map((item) => ({
      appId: item.id,
      appName: this.ctx.search.findPublished(item.id)?.name ?? '',
      note: item.note,
    }));
  }

  /** Creates a stack (the route limits how many: policy `stack`). @throws 400 for apps that are not published */
  async create(input: StackCreateInput): Promise<CreatedStack> {
    const items = this.resolveApps(input.apps);
    const id = randomBytes(16).toString('base64url');
    const secret = randomBytes(32).toString('base64url');
    await this.repository.insert({ id, title: input.title, secretHash: sha256(secret), published: input.published }, items);
    return { id, url: `${this.ctx.env.PUBLIC_URL}${stackPath(id)}`, secret };
  }

  /** @throws 404 */
  async get(id: string): Promise<Stack> {
    const found = await this.repository.find(id);
    if (!found) throw notFound('Stack not found');
    return presentStack(found.stack, found.items, (appId) => this.ctx.search.findPublished(appId), this.ctx.env.PUBLIC_URL);
  }

  /** @throws 401 without a secret, 404 unknown stack, 403 wrong secret */
  private async authorize(id: string, secret: string | null): Promise<void> {
    if (!secret) throw unauthorized('Send the stack\'s secret as "Authorization: Bearer {secret}"');
    const found = await this.repository.find(id);
    if (!found) throw notFound('Stack not found');
    const given = Buffer.from(sha256(secret), 'hex');
    const stored = Buffer.from(found.stack.secretHash, 'hex');
    if (!STACK_SECRET_PATTERN.test(secret) || given.length !== stored.length || !timingSafeEqual(given, stored))
      throw forbidden('This secret does not belong to this stack');
  }

  /** Edits a stack (title, the whole app list, published). @throws 400, 401, 403, 404 */
  async update(id: string, secret: string | null, patch: StackPatchInput): Promise<Stack> {
    await this.authorize(id, secret);
    const items = patch.apps ? this.resolveApps(patch.apps) : undefined;
    await this.repository.update(id, { title: patch.title, published: patch.published }, items);
    await this.ctx.changes.publish('browse.changed', {});
    return this.get(id);
  }

  /** @throws 401, 403, 404 */
  async delete(id: string, secret: string | null): Promise<void> {
    await this.authorize(id, secret);
    await this.repository.delete(id);
    await this.ctx.changes.publish('browse.changed', {});
  }
}
