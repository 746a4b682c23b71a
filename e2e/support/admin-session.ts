import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminApp } from '../../shared/schemas/admin-app';
import { E2E_ADMIN } from './e2e-config';

/** Signs the page's browser context in as the e2e admin (the session cookie is per host). */
export async function signInAsAdmin(page: Page, baseURL?: string): Promise<void> {
  const response = await page.request.post(`${baseURL ?? ''}/api/login`, { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
}

let counter = 0;

/** A name no other test uses, so searches find exactly the records a test made. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

/** Creates an app through the admin API (the context must be signed in). */
export async function createAppViaApi(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<AdminApp> {
  const response = await request.post('/api/admin/apps', {
    data: {
      name: uniqueName('E2E App'),
      url: `https://e2e-${Date.now().toString(36)}-${++counter}.example.com`,
      description: 'An application created by the admin browser tests.',
      category: 'Writing',
      status: 'pending',
      tags: ['alpha', 'beta', 'gamma', 'delta', 'epsilon'],
      ...overrides,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as AdminApp;
}
