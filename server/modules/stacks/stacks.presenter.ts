import { stackPath } from '@shared/browse-paths';
import type { App } from '@shared/schemas/app';
import type { Stack } from '@shared/schemas/stacks';
import type { StackItemRow, StackRow } from './stacks.repository';

/**
 * A stack in the API's shape. `findListed` answers the app while it is listed (published, in an active
 * category, not defunct); an app unpublished or removed since is kept as its name, marked not listed.
 */
export function presentStack(
  stack: StackRow,
  items: StackItemRow[],
  findListed: (id: number) => App | null,
  publicUrl: string,
): Stack {
  return {
    id: stack.id,
    title: stack.title,
    published: stack.published,
    url: `${publicUrl}${stackPath(stack.id)}`,
    apps: items.map((item) => {
      const app = item.appId === null ? null : findListed(item.appId);
      return { appId: item.appId, name: app?.name ?? item.appName, note: item.note, listed: app !== null, app };
    }),
    createdAt: stack.createdAt.toISOString(),
    updatedAt: stack.updatedAt.toISOString(),
  };
}
