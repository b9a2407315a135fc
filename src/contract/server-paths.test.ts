import { describe, expect, it } from 'vitest';
import { isApiPath } from './server-paths';

describe('isApiPath', () => {
  it('knows the API prefixes', () => {
    for (const url of ['/api/login_check', '/api', '/v4/console/api/user', '/users/password/forgotten', '/oauth/login/google', '/oidc/login', '/oidc/authUrl?x=1']) {
      expect(isApiPath(url), url).toBe(true);
    }
  });

  it('leaves console pages to the console, including the SSO return pages', () => {
    for (const url of ['/', '/orga/1/settings', '/apis', '/v4x', '/oauth/google', '/oauth/google?code=1&state=2', '/oidc/callback/']) {
      expect(isApiPath(url), url).toBe(false);
    }
  });
});
