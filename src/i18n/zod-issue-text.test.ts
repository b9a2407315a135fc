// @vitest-environment jsdom
/** What is wrong with a field, in the reader's language: from zod's issue codes and our own checks' messages, never zod's English. */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { alertSettingsSchema } from '../contract/alerts';
import { nluNameSchema } from '../contract/nlu-entities';
import { launchTestBodySchema } from '../contract/testing-runs';
import { changeLanguage, initI18n } from './setup';
import { zodIssueText } from './zod-issue-text';

const textOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return parsed.error.issues.map((issue) => zodIssueText(issue));
};

beforeAll(() => initI18n('fr'));

describe('zodIssueText', () => {
  it('says zod checks and our own in French', async () => {
    await changeLanguage('fr');
    expect(textOf(nluNameSchema, '')[0]).toBe('Champ obligatoire');
    expect(textOf(nluNameSchema, 'a;b')).toEqual(['Ne doit contenir ni [ ] ; ni retour à la ligne']);
    expect(textOf(nluNameSchema, 'x'.repeat(101))).toEqual(['Au plus 100 caractères']);
    expect(textOf(alertSettingsSchema, { kind: 'timeout', name: 'Retard', timeoutMinutes: 0.5, email: 'x' })).toEqual(['Un nombre entier est attendu', 'Adresse e-mail invalide']);
    expect(textOf(z.number().min(3), 1)).toEqual(['La valeur doit être supérieure ou égale à 3']);
    expect(textOf(z.enum(['a', 'b']), 'c')).toEqual(['Choisissez une des valeurs proposées']);
    expect(textOf(launchTestBodySchema, { environmentId: 'prod', setId: 's', messageId: 'm' })).toEqual(['Choisissez soit un jeu, soit un message']);
  });

  it('says them in English for an English reader', async () => {
    await changeLanguage('en');
    expect(textOf(nluNameSchema, '')[0]).toBe('Required');
    expect(textOf(z.string().min(3), 'ab')).toEqual(['At least 3 characters']);
    expect(textOf(launchTestBodySchema, { environmentId: 'prod' })).toEqual(['Choose either a set or a message']);
    await changeLanguage('fr');
  });
});
