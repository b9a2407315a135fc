/** Error answers speak the caller's language: French by default, English when asked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf } from './error-messages';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let authorization: string;

beforeAll(async () => {
  server = await createTestServer();
  authorization = `Bearer ${await signIn(server.app, 'admin')}`;
});
afterAll(() => server.close());

const createTwice = async (acceptLanguage?: string) => {
  const headers = { authorization, ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }) };
  const url = '/v4/console/api/project/demo-ic/environments';
  const payload = { name: `Doublon ${acceptLanguage ?? 'défaut'}`, visibility: 'public', source: { kind: 'scratch' } };
  expect((await server.app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(201);
  return server.app.inject({ method: 'POST', url, headers, payload });
};

describe('error messages by Accept-Language', () => {
  it('picks the best of our languages, French when none is named', () => {
    expect(languageOf(undefined)).toBe('fr');
    expect(languageOf('de-DE, it;q=0.8')).toBe('fr');
    expect(languageOf('en-GB,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(languageOf('fr;q=0.5, en;q=0.9')).toBe('en');
    expect(languageOf('en;q=0, fr')).toBe('fr');
  });

  it('answers in French by default, with the code and its parameters', async () => {
    const response = await createTwice();
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'environmentNameTaken',
      name: 'Doublon défaut',
      message: 'Le nom « Doublon défaut » est déjà utilisé par un environnement de ce projet.',
    });
  });

  it('answers in English when the caller asks for it', async () => {
    const response = await createTwice('en-US,en;q=0.9');
    expect(response.json()).toMatchObject({ code: 'environmentNameTaken', message: 'The name "Doublon en-US,en;q=0.9" is already used by an environment of this project.' });
  });

  it('translates access refusals and unknown routes too', async () => {
    const missing = await server.app.inject({ method: 'GET', url: '/v4/console/api/organisation/nope', headers: { authorization } });
    expect(missing.json()).toMatchObject({ code: 'organisationNotFound', message: 'Organisation introuvable.' });
    const anonymous = await server.app.inject({ method: 'GET', url: '/v4/console/api/organisation/nope', headers: { 'accept-language': 'en' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'unauthenticated', message: 'Sign in to continue.' });
    const unknown = await server.app.inject({ method: 'GET', url: '/v4/console/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(unknown.json()).toMatchObject({ code: 'notFound', message: 'Not found.' });
  });
});
