// @vitest-environment jsdom
/**
 * A configuration that is not a configuration reads in one language: zod's checks in zod's
 * own words in the reader's language, labelled as the schema validator's message; our own custom
 * checks by their code, with the texts the screens use; never zod's English inside a French sentence.
 * The same text in the IDE's problem list and for the server's `configurationSchema` refusal.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { configurationDocumentSchema, type ConfigurationDocument } from '../configuration-document/document';
import { documentProblems } from '../configuration-document/problems';
import { documentToText } from '../configuration-document/text';
import { problemText } from '../features/configuration/ide/problem-text';
import { serverErrorText } from './server-error-text';
import { initI18n } from './setup';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;
const schemaProblems = (text: string) => documentProblems(text).problems.filter((problem) => problem.source === 'schema');
const broken = 'settings:\n  modules: 5\n  debugMode: maybe\nnlu: 3\n';
const template = (id: string, name: string) => ({ id, name, body: 'Bonjour' });
const twoTemplates = documentToText(
  configurationDocumentSchema.parse({ settings: { replyTemplates: [template('a', 'Accusé'), template('b', 'Relance')] }, nlu: {} }) as ConfigurationDocument,
).replace('name: Relance', 'name: Accusé');

describe('configuration schema problems', () => {
  it("say zod's checks in French, labelled as the schema validator's message", async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const texts = schemaProblems(broken).map(problemText);
    expect(texts).toEqual([
      'Configuration invalide, ligne 2 : settings.modules : message du validateur de schéma : Entrée invalide : tableau attendu, nombre reçu',
      'Configuration invalide, ligne 3 : settings.debugMode : message du validateur de schéma : Entrée invalide : booléen attendu, chaîne de caractères reçu',
      'Configuration invalide, ligne 4 : nlu : message du validateur de schéma : Entrée invalide : objet attendu, nombre reçu',
    ]);
    for (const text of texts) expect(text).not.toMatch(/Invalid input|expected|received/);
  });

  it('say our own checks by their code (two reply templates with one name)', async () => {
    await initI18n('fr');
    await i18next.changeLanguage('fr');
    const [duplicate] = schemaProblems(twoTemplates);
    expect(duplicate?.params).toMatchObject({ issue: 'custom', customCode: 'templateNameTaken', name: 'Accusé' });
    expect(problemText(duplicate!)).toMatch(/^Configuration invalide, ligne \d+ : settings\.replyTemplates : Le nom « Accusé » est déjà utilisé par un autre modèle$/);
  });

  it('read the same in English, and in the server refusal the console translates', async () => {
    await initI18n('en');
    await i18next.changeLanguage('en');
    const [first] = schemaProblems(broken);
    expect(problemText(first!)).toBe("Invalid configuration, line 2: settings.modules: schema validator's message: Invalid input: expected array, received number");
    await i18next.changeLanguage('fr');
    // The body save.ts answers: the first problem's params (issue code and facts) beside its English message.
    const body = { code: 'configurationSchema', message: first!.message, params: { ...first!.params }, problems: [first] };
    expect(serverErrorText(t, body, 'fr')).toBe('Configuration invalide, ligne 2 : settings.modules : message du validateur de schéma : Entrée invalide : tableau attendu, nombre reçu');
  });
});
