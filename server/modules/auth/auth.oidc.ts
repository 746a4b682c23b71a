import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { AppContext } from '../../context';

export const OIDC_FLOW_COOKIE = 'aitlas_oidc';
/** The sign-in at the identity provider must finish within this time. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;

/** What must survive the round trip to the identity provider: kept in an encrypted cookie, so any instance can finish the flow. */
export interface OidcFlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
}

/** The identity asserted by the provider after a successful callback. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** Whether OpenID Connect sign-in is configured. */
export function oidcEnabled(ctx: AppContext): boolean {
  return Boolean(ctx.env.OIDC_ISSUER_URL && ctx.env.OIDC_CLIENT_ID && ctx.env.OIDC_CLIENT_SECRET);
}

/** The callback address registered at the provider. */
export function redirectUri(ctx: AppContext): string {
  return `${ctx.env.PUBLIC_URL}/api/callback`;
}

function flowKey(secret: string): Buffer {
  return createHash('sha256').update(`oidc-flow:${secret}`).digest();
}

/** Encrypts (AES-256-GCM) the flow state for its cookie. */
export function sealFlowState(state: OidcFlowState, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', flowKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(state), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** Decrypts a flow cookie; null when missing, tampered with, malformed or expired. */
export function openFlowState(value: string | undefined, secret: string, now = Date.now()): OidcFlowState | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  try {
    const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', flowKey(secret), iv);
    decipher.setAuthTag(tag);
    const parsed = JSON.parse(
      Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'),
    ) as Partial<OidcFlowState>;
    if (
      typeof parsed.state !== 'string' ||
      typeof parsed.nonce !== 'string' ||
      typeof parsed.codeVerifier !== 'string' ||
      typeof parsed.expiresAt !== 'number' ||
      parsed.expiresAt < now
    ) {
      return null;
    }
    return parsed as OidcFlowState;
  } catch {
    return null;
  }
}

const configurations = new WeakMap<AppContext, Promise<oidc.Configuration>>();

/**
 * The provider's configuration, discovered once per context. A failed discovery is forgotten so
 * the next sign-in tries again. Plain-http issuers are allowed only with OIDC_ALLOW_INSECURE=true.
 */
export function oidcConfiguration(ctx: AppContext): Promise<oidc.Configuration> {
  let pending = configurations.get(ctx);
  if (!pending) {
    const { OIDC_ISSUER_URL, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_ALLOW_INSECURE } = ctx.env;
    if (!OIDC_ISSUER_URL || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return Promise.reject(new Error('OIDC is not configured'));
    pending = oidc.discovery(
      new URL(OIDC_ISSUER_URL),
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      undefined,
      OIDC_ALLOW_INSECURE ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    pending.catch(() => configurations.delete(ctx));
    configurations.set(ctx, pending);
  }
  return pending;
}

/** Starts an authorization-code flow with PKCE: the provider address and the state to keep. */
export async function beginOidcFlow(ctx: AppContext, now = Date.now()): Promise<{ authorizationUrl: URL; flow: OidcFlowState }> {
  const config = await oidcConfiguration(ctx);
  const flow: OidcFlowState = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    expiresAt: now + OIDC_FLOW_TTL_MS,
  };
  const authorizationUrl = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { authorizationUrl, flow };
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Finishes the flow: exchanges the code (checking state, nonce and the PKCE verifier), then reads
 * the identity from the ID token and the userinfo endpoint.
 * @param callbackPath the path and query the provider redirected to.
 */
export async function completeOidcFlow(ctx: AppContext, callbackPath: string, flow: OidcFlowState): Promise<OidcIdentity> {
  const config = await oidcConfiguration(ctx);
  const currentUrl = new URL(callbackPath, ctx.env.PUBLIC_URL);
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The identity provider returned no ID token');
  let profile: Record<string, unknown> = { ...claims };
  if (config.serverMetadata().userinfo_endpoint) {
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    profile = { ...profile, ...userinfo };
  }
  return {
    subject: claims.sub,
    email: stringClaim(profile.email)?.toLowerCase() ?? null,
    emailVerified: profile.email_verified !== false,
    firstName: stringClaim(profile.given_name) ?? stringClaim(profile.first_name),
    lastName: stringClaim(profile.family_name) ?? stringClaim(profile.last_name),
    profileImageUrl: stringClaim(profile.picture),
  };
}
