import { describe, expect, it } from 'vitest';
import { redactUrl } from './log';

describe('redactUrl', () => {
  it('masks reset tokens in the API check call and the console page', () => {
    expect(redactUrl('/users/password/forgotten/check/AbC-123')).toBe('/users/password/forgotten/check/***');
    expect(redactUrl('/reset-password/AbC-123?hasExpired=true')).toBe('/reset-password/***?hasExpired=***');
  });

  it('keeps query parameter names only', () => {
    expect(redactUrl('/oauth/login/google?code=secret&redirect_url=https%3A%2F%2Fx')).toBe(
      '/oauth/login/google?code=***&redirect_url=***',
    );
  });

  it('leaves ordinary paths alone', () => {
    expect(redactUrl('/v4/console/api/environment/demo-ic-prod')).toBe('/v4/console/api/environment/demo-ic-prod');
  });
});
