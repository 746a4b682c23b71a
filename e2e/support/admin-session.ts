import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import type { AdminApp } from '../../shared/schemas/admin-app';
import { E2E_ADMIN } from './e2e-config';

// Sign-ins are rate-limited per client (30 a minute): reuse a live session between tests.
const sessionCookies = new Map<string, Cookie[]>();

/** Signs the page's browser context in as the e2e admin (the session cookie is per host). */
export async function signInAsAdmin(page: Page, baseURL?: string): Promise<void> {
  const key = baseURL ?? '';
  const cached = sessionCookies.get(key);
  if (cached) {
    await page.context().addCookies(cached);
    if ((await page.request.get(`${key}/api/auth/user`)).ok()) return;
    await page.context().clearCookies();
  }
  const response = await page.request.post(`${key}/api/login`, { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  sessionCookies.set(key, await page.context().cookies());
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
