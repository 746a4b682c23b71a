import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** An account the test provider can sign in. */
export interface TestAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in completes as (the "user" typing at the provider). */
  signInAs(account: TestAccount): void;
  /**
   * Plays the browser at the provider: follows the authorization URL through the (automatic)
   * login until the provider redirects back to the client; returns that redirect's URL.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A minimal cookie jar for the provider's own cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Starts a real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 with one confidential client
 * (authorization code + PKCE) whose redirect URI is `redirectUri`. Login is automatic: the
 * interaction signs in the account chosen with `signInAs`, and consent is granted for the client.
 */
export async function startTestOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const clientId = 'aitlas-test';
  const clientSecret = 'aitlas-test-secret-that-is-long-enough-0123456789';
  let account: TestAccount = { sub: 'user-1', email: 'user@example.com' };
  const accounts = new Map<string, TestAccount>();

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['aitlas-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: async (_ctx, sub) => {
      const found = accounts.get(sub);
      if (!found) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: found.email,
          email_verified: found.emailVerified ?? true,
          given_name: found.givenName,
          family_name: found.familyName,
        }),
      };
    },
    // A first-party client: consent is implied, so only the login interaction remains.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });

  const providerCallback = provider.callback();
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          accounts.set(account.sub, account);
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: account.sub } },
            { mergeWithLastSubmission: false },
          );
        } catch (error) {
          response.statusCode = 500;
          response.end(String(error));
        }
      })();
      return;
    }
    providerCallback(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(next) {
      account = next;
    },
    async authorize(authorizationUrl) {
      const jar = new CookieJar();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(response);
        const location = response.headers.get('location');
        if (!location) throw new Error(`The provider answered ${response.status} without a redirect: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('Too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
