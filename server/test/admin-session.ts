import type { TestApp } from './test-app';
import { AuthRepository } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/auth.password';

const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;
let sequence = 0;

export interface TestSession {
  /** The value for a `cookie` request header. */
  cookie: string;
  userId: number;
  email: string;
}

/**
 * Creates a user (an admin unless `isAdmin: false`) and signs in through `POST /api/login`.
 * Use the returned `cookie` as the `cookie` header of `app.inject` calls.
 */
export async function signIn(testApp: TestApp, options: { isAdmin?: boolean; email?: string } = {}): Promise<TestSession> {
  sequence += 1;
  const email = options.email ?? `user-${process.pid}-${sequence}@example.com`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const user = await new AuthRepository(testApp.ctx.db).insertUser({
    email,
    passwordHash: await passwordHash,
    isAdmin: options.isAdmin ?? true,
    firstName: 'Test',
    lastName: 'User',
  });
  const response = await testApp.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((entry) => entry.name === 'aitlas_session');
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { cookie: `aitlas_session=${cookie.value}`, userId: user.id, email };
}

/** Signs in as a fresh admin. */
export function signInAsAdmin(testApp: TestApp): Promise<TestSession> {
  return signIn(testApp, { isAdmin: true });
}
