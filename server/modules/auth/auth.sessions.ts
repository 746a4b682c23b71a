import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '@shared/schemas/auth';
import type { AppContext } from '../../context';
import { SESSION_COOKIE } from '../../http/session-cookie';
import { presentUser } from './auth.presenter';
import { AuthRepository, type UserRow } from './auth.repository';

/** A session unused for this long ends (sliding). */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** A session ends this long after sign-in, however active. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
/** lastSeenAt is written at most this often per session, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** The signed-in user as the server sees it: the public user plus the admin flag. */
export interface SessionUser extends AuthUser {
  isAdmin: boolean;
}

/** A valid session found on a request. */
export interface ResolvedSession {
  user: SessionUser;
  /** When the session ends unless used again (the earlier of the idle and the absolute expiry). */
  expiresAt: Date;
}

/**
 * Whether a user is an admin now. An account that signs in only through the identity provider
 * stays an admin only while its e-mail is in ADMIN_EMAILS, so removing it there revokes access.
 */
export function isEffectiveAdmin(row: UserRow, adminEmails: readonly string[]): boolean {
  if (!row.isAdmin) return false;
  if (row.passwordHash === null && row.oidcSubject !== null) return adminEmails.includes(row.email.toLowerCase());
  return true;
}

/** Only the SHA-256 of a token is stored: a copy of the table does not yield usable sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function signature(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`session:${token}`).digest('base64url');
}

/** The cookie value: the token with an HMAC, so forged cookies are refused without a query. */
function cookieValue(token: string, secret: string): string {
  return `${token}.${signature(token, secret)}`;
}

/** The token of a well-formed, correctly signed cookie value; null otherwise. */
export function tokenFromCookie(value: string | undefined, secret: string): string | null {
  const match = value ? /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(signature(match[1], secret));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}

/** Cookie attributes: httpOnly, SameSite=Lax, Secure when the public URL is https. */
export function sessionCookieOptions(ctx: AppContext) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.env.PUBLIC_URL.startsWith('https:'),
  };
}

const resolved = new WeakMap<FastifyRequest, Promise<ResolvedSession | null>>();

/** Creates and stores database sessions; the cookie carries a random 32-byte token. */
export class SessionStore {
  private readonly repository: AuthRepository;

  constructor(private readonly ctx: AppContext) {
    this.repository = new AuthRepository(ctx.db);
  }

  /**
   * Starts a new session for a user and sets its cookie. Any session the request already carried is
   * deleted first, so a sign-in always rotates the session id.
   */
  async start(request: FastifyRequest, reply: FastifyReply, userId: number, now = new Date()): Promise<void> {
    await this.end(request, reply);
    const token = randomBytes(32).toString('base64url');
    await this.repository.insertSession({
      idHash: hashToken(token),
      userId,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    });
    reply.setCookie(SESSION_COOKIE, cookieValue(token, this.ctx.env.SECRET), {
      ...sessionCookieOptions(this.ctx),
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    });
    resolved.delete(request);
    // Expired rows are dead weight; sign-in is a rare enough moment to drop them.
    void this.repository.deleteExpiredSessions(now, SESSION_IDLE_MS).catch((error: unknown) => {
      this.ctx.log.warn({ err: error }, 'could not delete expired sessions');
    });
  }

  /** Deletes the request's session (if any) on the server and clears the cookie. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = tokenFromCookie(request.cookies[SESSION_COOKIE], this.ctx.env.SECRET);
    if (token) await this.repository.deleteSession(hashToken(token));
    if (request.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(this.ctx));
    resolved.set(request, Promise.resolve(null));
  }

  /**
   * The valid session of a request, or null. Expired sessions are deleted; a used session's
   * lastSeenAt slides forward (at most once a minute). Memoised per request.
   */
  resolve(request: FastifyRequest, now = new Date()): Promise<ResolvedSession | null> {
    let pending = resolved.get(request);
    if (!pending) {
      pending = this.lookup(request, now);
      resolved.set(request, pending);
    }
    return pending;
  }

  private async lookup(request: FastifyRequest, now: Date): Promise<ResolvedSession | null> {
    const token = tokenFromCookie(request.cookies[SESSION_COOKIE], this.ctx.env.SECRET);
    if (!token) return null;
    const idHash = hashToken(token);
    const found = await this.repository.findSession(idHash);
    if (!found) return null;
    const idleEnd = found.session.lastSeenAt.getTime() + SESSION_IDLE_MS;
    const absoluteEnd = found.session.expiresAt.getTime();
    if (now.getTime() >= idleEnd || now.getTime() >= absoluteEnd) {
      await this.repository.deleteSession(idHash);
      return null;
    }
    if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await this.repository.touchSession(idHash, now, SESSION_TOUCH_INTERVAL_MS);
    }
    return {
      user: { ...presentUser(found.user), isAdmin: isEffectiveAdmin(found.user, this.ctx.env.ADMIN_EMAILS) },
      expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteEnd)),
    };
  }
}
