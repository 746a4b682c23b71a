import { ApiError, apiRequest, getJson, sendJson } from '@client/lib/api-client';
import type { App } from '@shared/schemas/app';
import type { CreatedStack, Stack } from '@shared/schemas/stacks';

/** The listed apps among saved ids, in that order (unlisted ones are left out). */
export function fetchAppsByIds(ids: number[]): Promise<App[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return getJson<App[]>(`/api/marketplace/apps-by-id?ids=${ids.join(',')}`);
}

/** What a stack is made of when it is created or edited. */
export interface StackDraft {
  title: string;
  apps: { id: number; note: string | null }[];
  published: boolean;
}

export function createStack(draft: StackDraft): Promise<CreatedStack> {
  return sendJson<CreatedStack>('POST', '/api/stacks', draft);
}

/** A stack; null when there is none with this id. */
export async function fetchStack(id: string): Promise<Stack | null> {
  try {
    return await getJson<Stack>(`/api/stacks/${encodeURIComponent(id)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

async function withSecret(method: 'PATCH' | 'DELETE', id: string, secret: string, body?: unknown): Promise<Response> {
  return apiRequest(method, `/api/stacks/${encodeURIComponent(id)}`, body, { headers: { authorization: `Bearer ${secret}` } });
}

/** Edits a stack with its creator's secret. */
export async function updateStack(id: string, secret: string, draft: StackDraft): Promise<Stack> {
  return (await (await withSecret('PATCH', id, secret, draft)).json()) as Stack;
}

/** Deletes a stack with its creator's secret. */
export async function deleteStack(id: string, secret: string): Promise<void> {
  await withSecret('DELETE', id, secret);
}

/** Counts a save of an app on the server (once per visitor); the browser's list is kept separately. */
export function countSave(appId: number): Promise<unknown> {
  return sendJson('POST', `/api/apps/${appId}/save`);
}
