// @vitest-environment jsdom
/** The output options' descriptors and the confirmation's list of what a change takes away, in French and English. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { outputOptionsSchema } from '../../../contract/output';
import { i18next, initI18n } from '../../../i18n/setup';
import { OUTPUT_SWITCHES, outputFields, removedData } from './output-form';
import { payloadText } from './payload-text';

let fr: TFunction<'output'>;
let en: TFunction<'output'>;
beforeAll(async () => {
  await initI18n('fr');
  fr = i18next.getFixedT('fr', 'output');
  en = i18next.getFixedT('en', 'output');
});

const defaults = outputOptionsSchema.parse({});

describe('output form', () => {
  it('has a field for every §3 option, categories to skip only while categories are on', () => {
    const fields = outputFields(fr, defaults, ['Sinistre', 'Résiliation'], false);
    expect(fields.map((field) => field.name).sort()).toEqual([...OUTPUT_SWITCHES, 'categoriesToSkip'].sort());
    expect(Object.keys(defaults).sort()).toEqual([...OUTPUT_SWITCHES, 'categoriesToSkip'].sort());
    expect(fields.find((field) => field.name === 'htmlBodies')?.label).toBe('Corps HTML');
    expect(fields.find((field) => field.name === 'categoriesToSkip')?.hidden).toBe(false);
    expect(outputFields(fr, { ...defaults, categoriesEnabled: false }, [], false).find((field) => field.name === 'categoriesToSkip')?.hidden).toBe(true);
    expect(outputFields(fr, defaults, [], true).every((field) => field.disabled)).toBe(true);
  });

  it('keeps a skipped category that is no longer offered, so it can be unticked', () => {
    const skip = outputFields(en, { ...defaults, categoriesToSkip: ['Ancienne'] }, ['Sinistre'], false).find((field) => field.name === 'categoriesToSkip');
    expect(skip?.kind === 'checklist' && skip.options.map((option) => option.value)).toEqual(['Sinistre', 'Ancienne']);
  });

  it('names what a change takes away: options switched off and categories newly skipped, nothing for additions', () => {
    const draft = { ...defaults, nluOutput: false, htmlBodies: true, categoriesToSkip: ['Sinistre'] };
    expect(removedData(fr, defaults, draft)).toEqual(['Résultat NLU', 'la catégorie « Sinistre »']);
    expect(removedData(en, defaults, draft)).toEqual(['NLU output', 'the category "Sinistre"']);
    // Back from the draft: NLU on again and the category no longer skipped add data; only HTML goes.
    expect(removedData(fr, draft, defaults)).toEqual(['Corps HTML']);
    expect(removedData(fr, defaults, { ...defaults, htmlBodies: true, attachmentData: true })).toEqual([]);
    // With categories off, the skip list takes nothing more away than the categories themselves.
    expect(removedData(en, defaults, { ...defaults, categoriesEnabled: false, categoriesToSkip: ['Sinistre'] })).toEqual(['Categories']);
  });
});

describe('payload text', () => {
  it('indents the payload and shortens only long attachment contents, saying how much is hidden', () => {
    const long = 'A'.repeat(1000);
    const text = payloadText({ attachments: [{ fileName: 'scan.pdf', base64: long }, { fileName: 'a.txt', base64: 'QQ==' }], note: long }, (hidden) => fr('preview.shortened', { count: hidden }));
    const shown = JSON.parse(text) as { attachments: { base64: string }[]; note: string };
    expect(shown.attachments[0]!.base64).toBe(`${'A'.repeat(400)}… [600 caractères de plus]`);
    expect(shown.attachments[1]!.base64).toBe('QQ==');
    expect(shown.note).toBe(long);
    expect(text).toContain('\n  "attachments": [');
  });
});
