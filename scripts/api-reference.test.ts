/**
 * docs/development/api-reference.md is generated from the contract (`npm run docs:api`): a change to
 * an endpoint that is not followed by the page fails here, so the reference a reader trusts is the
 * one the server publishes.
 */
import { describe, expect, it } from 'vitest';
import { committedReference, currentReference, describeAccess, REFERENCE_FILE, referenceMarkdown } from './api-reference';

describe('the API reference page', () => {
  it('lists operations by area, with the access in words', () => {
    const page = referenceMarkdown([
      { method: 'GET', path: '/a/{envId}', operationId: 'things.list', summary: 'List | things', tag: 'things', access: { kind: 'environment', param: 'envId', need: 'qualifier', lightUsers: true } },
      { method: 'POST', path: '/login', operationId: 'auth.login', summary: 'Sign in', tag: 'auth', access: { kind: 'public' } },
    ]);
    expect(page).toContain('- [things](#things) (1)');
    expect(page).toContain('| GET | `/a/{envId}` | `things.list` | List \\| things | qualifier on the environment; light users |');
    expect(page.indexOf('## things')).toBeLessThan(page.indexOf('## auth'));
    expect(describeAccess({ kind: 'project', param: 'projectId', need: 'cockpit', staff: 'operations' })).toBe(
      'cockpit on the project; provider staff with the operations capability',
    );
  });

  it(`${REFERENCE_FILE} is what \`npm run docs:api\` writes from the contract now`, () => {
    // On failure: run `npm run docs:api` and commit the page.
    expect(committedReference()).toBe(currentReference());
  });
});
