/**
 * A real OpenID provider (the `oidc-provider` package, certified) on a loopback port, for tests of
 * single sign-on: a third party's protocol spoken by a third party's code, not a stub of ours.
 * Its development login and consent pages are on: any login name is accepted, and the accounts given
 * here decide the claims (email, names) of the ID token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  clients: TestClient[];
  accounts: Record<string, TestAccount>;
}): Promise<TestOidcProvider> {
  // Listen first to learn the port, which is part of the issuer; then mount the provider on it.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    cookies: { keys: ['postroom-test-cookie-key'] },
    findAccount: (_ctx, id) => {
      const account = options.accounts[id];
      if (account === undefined) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((done, fail) => {
        server.closeAllConnections();
        server.close((error) => (error ? fail(error) : done()));
      }),
  };
}

/** A minimal cookie jar: one host, so names alone tell cookies apart. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', date = ''] = attribute.split('=');
        return key.trim().toLowerCase() === 'expires' && Date.parse(date) < Date.now();
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the user's browser at the provider: follows its redirects, signs in as `login` on its login
 * page, accepts its consent page, and returns the URL it finally sends the browser back to (the
 * client's redirect URI with code, state and iss), without requesting that URL.
 */
export async function authorizeAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new CookieJar();
  let next: { url: string; form?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(next.url, {
      method: next.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form?.toString(),
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location !== null) {
      const target = new URL(location, next.url);
      if (target.href.startsWith(redirectUri)) return target;
      next = { url: target.href };
      continue;
    }
    const html = await response.text();
    if (!response.ok) throw new Error(`The provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (action === undefined || prompt === undefined) throw new Error(`Unexpected provider page: ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    next = { url: new URL(action.replaceAll('&amp;', '&'), next.url).href, form };
  }
  throw new Error('The provider never sent the browser back');
}
