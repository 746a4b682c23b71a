import { INVALID_CREDENTIALS_MESSAGE, type AuthDebugResponse, type AuthUser, type LoginResponse } from '@shared/schemas/auth';
import type { AppContext } from '../../context';
import { AppError, conflict, unauthorized } from '../../lib/errors';
import { AuthRepository, type UserRow } from './auth.repository';
import { oidcEnabled, type OidcIdentity } from './auth.oidc';
import { generatePassword, hashPassword, verifyPassword } from './auth.password';
import { presentAuthDebug, presentUser, type AuthDebugFacts } from './auth.presenter';
import { LoginThrottle } from './login-throttle';

/** Sign-in rules: local passwords, the identity provider's users, admin accounts. */
export class AuthService {
  private readonly users: AuthRepository;
  private readonly throttle: LoginThrottle;

  constructor(private readonly ctx: AppContext) {
    this.users = new AuthRepository(ctx.db);
    this.throttle = new LoginThrottle(ctx.rateLimits);
  }

  /**
   * Checks an e-mail and password. Unknown addresses cost the same time as wrong passwords and get
   * the same message. Failures are reserved before the password is checked and throttled per client,
   * per account and client, and account-wide for clients that already failed (see LoginThrottle).
   * @param client the caller's key (lib/visitor.ts clientKey), which the throttle counts by.
   * @throws AppError 401 "Invalid email or password", 429 when throttled.
   */
  async verifyLogin(client: string, email: string, password: string): Promise<{ user: UserRow; response: LoginResponse }> {
    const attempt = await this.throttle.admit(email, client);
    const user = await this.users.findUserByEmail(email);
    const valid = await verifyPassword(user?.passwordHash, password);
    // A wrong password keeps the failure the throttle reserved before it was checked.
    if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
    await attempt.succeeded();
    return { user, response: { user: presentUser(user) } };
  }

  /** The diagnostics of /api/auth/debug for a request's facts (values masked by the presenter). */
  async debug(facts: Omit<AuthDebugFacts, 'authMode' | 'databaseConnected'>): Promise<AuthDebugResponse> {
    const databaseConnected = await this.ctx.database.ping().catch(() => false);
    return presentAuthDebug({ ...facts, authMode: oidcEnabled(this.ctx) ? 'oidc' : 'local', databaseConnected }, this.ctx.env);
  }

  /**
   * Finds or creates the account of an identity-provider user. It is an admin only if its verified
   * e-mail is in ADMIN_EMAILS; otherwise nothing is granted and the caller shows a 403 page.
   */
  async signInWithOidc(
    identity: OidcIdentity,
  ): Promise<{ allowed: true; user: UserRow } | { allowed: false; email: string | null }> {
    const email = identity.email && identity.emailVerified ? identity.email : null;
    if (!email || !this.ctx.env.ADMIN_EMAILS.includes(email)) return { allowed: false, email: identity.email };
    const profile = {
      oidcSubject: identity.subject,
      firstName: identity.firstName,
      lastName: identity.lastName,
      profileImageUrl: identity.profileImageUrl,
      isAdmin: true,
    };
    const existing = await this.users.findUserByEmail(email);
    const user = existing
      ? await this.users.updateUser(existing.id, profile)
      : await this.users.insertUser({ email, ...profile });
    return { allowed: true, user };
  }

  /**
   * Creates an admin with a generated password (the `admin create` command).
   * @throws AppError 409 when the address is taken.
   */
  async createAdmin(email: string): Promise<{ user: AuthUser; password: string }> {
    if (await this.users.findUserByEmail(email)) throw conflict(`A user with the e-mail ${email} already exists`);
    const password = generatePassword();
    const user = await this.users.insertUser({
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      isAdmin: true,
    });
    return { user: presentUser(user), password };
  }

  /**
   * Gives an existing account a new generated password and the admin flag (the `admin reset-password` command).
   * @throws AppError 404 when there is no such user.
   */
  async resetAdminPassword(email: string): Promise<{ user: AuthUser; password: string }> {
    const existing = await this.users.findUserByEmail(email);
    if (!existing) throw new AppError('not_found', `No user with the e-mail ${email}`);
    const password = generatePassword();
    const user = await this.users.updateUser(existing.id, { passwordHash: await hashPassword(password), isAdmin: true });
    return { user: presentUser(user), password };
  }
}
