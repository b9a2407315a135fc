/**
 * The permission check's way without a promise (authorizeAtOnce): it answers only the rules that
 * read nothing, with the same refusals as `authorize`, and leaves every other rule to it.
 */
import { describe, expect, it } from 'vitest';
import { access, forLightUsers } from '../../src/contract/define';
import type { ServerContext } from '../context';
import { HttpError } from '../http-error';
import type { Principal } from './guard';
import { authorize, authorizeAtOnce } from './permissions';

const member: Principal = { userId: 'u1', username: 'member', providerRole: null, isLight: false, sessionId: 's1' };
const light: Principal = { ...member, username: 'light', isLight: true };
const sre: Principal = { ...member, username: 'sre', providerRole: 'sre' };
const support: Principal = { ...member, username: 'support', providerRole: 'support' };
const NO_SCOPE = { organisationId: null, projectId: null, environmentId: null, rights: null };
// These rules read nothing: `authorize` must not touch the database either.
const nothingToRead = {} as ServerContext;

/** The code of what a call throws, or 'answered'. */
function outcome(call: () => unknown): string {
  try {
    call();
    return 'answered';
  } catch (error) {
    return error instanceof HttpError ? `${error.statusCode} ${String(error.body.code)}` : String(error);
  }
}
async function asyncOutcome(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return 'answered';
  } catch (error) {
    return error instanceof HttpError ? `${error.statusCode} ${String(error.body.code)}` : String(error);
  }
}

describe('authorizeAtOnce', () => {
  it('answers public, signed-in and provider rules as authorize does', async () => {
    const cases = [
      { principal: null, rule: access.public },
      { principal: member, rule: access.signedIn },
      { principal: light, rule: access.signedIn },
      { principal: light, rule: forLightUsers(access.signedIn) },
      { principal: member, rule: access.provider('sre') },
      { principal: sre, rule: access.provider('sre') },
      { principal: support, rule: access.provider('sre') },
      { principal: support, rule: access.provider('staff') },
      { principal: member, rule: access.provider('staff') },
    ];
    const atOnce = cases.map(({ principal, rule }) => outcome(() => authorizeAtOnce(principal, rule)));
    expect(atOnce).toEqual([
      'answered',
      'answered',
      '403 lightUserRefused',
      'answered',
      '403 providerStaffOnly',
      'answered',
      '403 providerStaffOnly',
      'answered',
      '403 providerStaffOnly',
    ]);
    const awaited = await Promise.all(cases.map(({ principal, rule }) => asyncOutcome(() => authorize(nothingToRead, principal, rule, {}))));
    expect(awaited).toEqual(atOnce);
    expect(authorizeAtOnce(member, access.signedIn)).toEqual(NO_SCOPE);
  });

  it('leaves every rule that reads the database to authorize', () => {
    expect(authorizeAtOnce(member, access.organisation('orgaId', 'member'))).toBeUndefined();
    expect(authorizeAtOnce(member, access.project('projectId', 'cockpit'))).toBeUndefined();
    expect(authorizeAtOnce(member, access.environment('environmentId', 'cockpit'))).toBeUndefined();
    expect(authorizeAtOnce(null, access.accessKey('environmentId'))).toBeUndefined();
    // No principal on a signed-in rule is a wiring bug that authorize reports.
    expect(authorizeAtOnce(null, access.signedIn)).toBeUndefined();
  });
});
