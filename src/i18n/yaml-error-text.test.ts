/**
 * YAML syntax errors read in the user's language: every code of the `yaml` library has both texts, and
 * a configuration document's syntax problem says its code translated with line and column, never the
 * library's English message ("Nested mappings are not allowed…"). The exported document's header
 * comment is the same neutral line in every language.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { YAML_ERROR_CODES } from '../configuration-document/yaml-error-codes';
import { documentProblems } from '../configuration-document/problems';
import { DOCUMENT_HEADER } from '../configuration-document/text';
import { resources } from './resources';
import { serverErrorText } from './server-error-text';
import { yamlErrorReason } from './yaml-error-text';

describe('YAML error texts', () => {
  it.each(['fr', 'en'] as const)('has a %s text for every code of the library', (language) => {
    const codes = resources[language].common.yamlError.codes as Record<string, string>;
    expect(YAML_ERROR_CODES.length).toBeGreaterThan(20);
    expect(YAML_ERROR_CODES.filter((code) => typeof codes[code] !== 'string' || codes[code].trim() === '')).toEqual([]);
    expect(Object.keys(codes).filter((code) => !(YAML_ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('says a document syntax problem by its code, with line and column, in French and in English', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
    const { problems } = documentProblems('settings:\n  modules: a: b\nnlu: {}\n');
    const problem = problems.find((found) => found.source === 'syntax');
    expect(problem?.params).toMatchObject({ yamlCode: 'BLOCK_AS_IMPLICIT_KEY', line: 2, column: 12 });
    // The English message stays for programs; the reader gets the code's text.
    expect(problem?.message).toContain('Nested mappings are not allowed');
    const reason = (language: string) => yamlErrorReason((key, params) => i18n.getFixedT(language)(key as never, params as never) as unknown as string, problem!.params);
    expect(reason('fr')).toBe('les blocs imbriqués ne sont pas permis à cet endroit : passez à la ligne et indentez le bloc sous sa clé (colonne 12)');
    expect(reason('en')).toBe('nested blocks are not allowed here: start a new line and indent the block under its key (column 12)');
    // The server's refusal of the same text (save, import) reads the same way.
    const body = { code: 'configurationSyntax', message: problem!.message, params: { ...problem!.params } };
    const fr = serverErrorText((key, params) => i18n.getFixedT('fr')(key as never, params as never) as unknown as string, body, 'fr');
    expect(fr).toBe("Erreur de syntaxe dans votre configuration, ligne 2 : message de l'analyseur : les blocs imbriqués ne sont pas permis à cet endroit : passez à la ligne et indentez le bloc sous sa clé (colonne 12)");
    expect(fr).not.toContain('Nested');
  });

  it('writes a header comment with no sentence in any language', () => {
    expect(DOCUMENT_HEADER).toBe('# Postroom · settings · nlu\n');
  });
});
