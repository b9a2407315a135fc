/**
 * A use case is created in its creator's language: the names people read (module names, categories,
 * field labels, interaction comments) follow the request's Accept-Language, French by default, and
 * the identifiers do not. The library lists the templates in its reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentSettings } from '../../src/contract/environments';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import type { NluInteraction } from '../../src/contract/nlu';
import type { UseCase } from '../../src/contract/use-cases';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let authorization: string;

beforeAll(async () => {
  server = await createTestServer();
  authorization = `Bearer ${await signIn(server.app, 'configurator')}`;
}, 180_000);
afterAll(() => server.close());

async function ok<T>(method: 'GET' | 'POST', url: string, language: string | undefined, payload?: object, status = 200): Promise<T> {
  const headers = { authorization, ...(language === undefined ? {} : { 'accept-language': language }) };
  const response = await server.app.inject({ method, url: `/v4/console/api${url}`, headers, ...(payload === undefined ? {} : { payload }) });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

/** Creates an insurance:meeting environment in `language` and reads back what it was given. */
async function created(name: string, language: string | undefined) {
  const { id } = await ok<{ id: string }>('POST', '/project/demo-ic/environments', language, { name, source: { kind: 'template', template: 'insurance:meeting' } }, 201);
  const { settings } = await ok<{ settings: EnvironmentSettings }>('GET', `/environment/${id}/settings`, undefined);
  const interactions = await ok<NluInteraction[]>('GET', `/environment/${id}/nlu/interactions`, undefined);
  const categorizationModule = settings.modules.find((module) => module.id === 'm3')!;
  const extraction = extractionConfigSchema.parse(settings.modules.find((module) => module.id === 'm4')!.config);
  const categorization = categorizationConfigSchema.parse(categorizationModule.config);
  return {
    moduleNames: settings.modules.map((module) => module.name),
    categories: settings.categories.map((category) => category.name),
    categoryIds: categorization.categories.map((category) => category.id),
    categoryNames: categorization.categories.map((category) => category.name),
    defaultCategory: categorization.defaultCategory,
    labels: Object.fromEntries(extraction.fields.map((item) => [item.name, item.label])),
    comment: interactions.find((item) => item.name === 'prendreRendezVous')?.comment,
  };
}

describe('use cases in the creator language', () => {
  it('creates a template in English for an English-speaking creator, with the same identifiers', async () => {
    const english = await created('Appointments (English)', 'en-GB,en;q=0.9');
    const french = await created('Rendez-vous (français)', undefined);
    expect(english.moduleNames).toEqual(['Extractor', 'Understanding (NLU)', 'Request categorization', 'Policy details extraction', 'Appointment acknowledgement', 'JSON output']);
    expect(french.moduleNames).toEqual(['Extracteur', 'Compréhension (NLU)', 'Catégorisation des demandes', 'Extraction des informations du contrat', 'Accusé de réception rendez-vous', 'Sortie JSON']);
    expect(english.labels).toMatchObject({ numero_contrat: 'Policy number', date_souhaitee: 'Preferred date' });
    expect(french.labels).toMatchObject({ numero_contrat: 'Numéro de contrat', date_souhaitee: 'Date souhaitée' });
    expect(english.comment).toBe('Asks for an appointment');
    expect(french.comment).toBe('Demande un rendez-vous');
    expect(english.categories).toContain('appointment_booking');
    expect(english.categoryNames).toContain('appointment_booking');
    expect(english.defaultCategory).toBe('other_request');
    expect(french.categories).toContain('prise_de_rendez_vous');
    expect(french.defaultCategory).toBe('autre_demande');
    // Every category the module gives is described in the settings, in the same language.
    for (const made of [english, french]) for (const name of made.categoryNames) expect(made.categories).toContain(name);
    expect(english.categoryIds).toEqual(french.categoryIds);
    expect(Object.keys(english.labels)).toEqual(Object.keys(french.labels));
  });

  it('describes the templates of the library in the reader language', async () => {
    const names = async (language: string | undefined) => {
      const library = await ok<UseCase[]>('GET', '/organisation/demo/use-cases', language);
      const insurance = library.find((item) => item.id === 'insurance:meeting')!;
      return { modules: insurance.summary.modules.map((module) => module.name), categories: insurance.summary.categories };
    };
    const english = await names('en');
    const french = await names('fr-FR');
    expect(english.modules).toContain('Request categorization');
    expect(english.categories).toContain('appointment_cancellation');
    expect(french.modules).toContain('Catégorisation des demandes');
    expect(french.categories).toContain('annulation_de_rendez_vous');
  });
});
