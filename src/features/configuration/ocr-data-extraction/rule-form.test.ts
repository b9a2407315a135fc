// @vitest-environment jsdom
/** The rule form's mapping: what the screen shows and what it saves are the contract's rules, zones in percents on screen. */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../../i18n/setup';
import type { FieldRuleInput } from '../../../contract/ocr-data-extraction';
import { INVOICE_RULES } from '../../../ocr/fields';
import { checkFieldRules } from '../../../ocr/rule-checks';
import { fromRuleForm, ruleSummary, toRuleForm } from './rule-form';

beforeAll(async () => {
  await initI18n('fr');
});

describe('rule form', () => {
  it('gives back every invoice rule unchanged', () => {
    expect(INVOICE_RULES.map((rule) => fromRuleForm(toRuleForm(rule)))).toEqual(INVOICE_RULES);
  });

  it('shows a zone in percents and saves it in fractions of the page', () => {
    const zone: FieldRuleInput = { name: 'seller', by: 'zone', zone: { x0: 0, y0: 0.135, x1: 0.6, y1: 0.18 }, page: 2 };
    expect(toRuleForm(zone)).toMatchObject({ left: 0, top: 13.5, right: 60, bottom: 18, page: 2 });
    expect(fromRuleForm({ ...toRuleForm(zone), top: 20 })).toEqual({ ...zone, zone: { ...zone.zone, y0: 0.2 } });
    expect(ruleSummary(i18next.getFixedT('fr', 'ocrRules'), zone)).toBe('page 2 : 0 %–60 % × 13,5 %–18 %');
  });

  it('keeps what was typed for another kind, reads labels one per line and leaves an empty value shape out', () => {
    const form = { ...toRuleForm({ name: 'total', by: 'label', labels: ['Total TTC'] }), labels: 'Total TTC\n\n Montant dû ', by: 'pattern' as const, pattern: '\\d+' };
    expect(fromRuleForm(form)).toEqual({ name: 'total', by: 'pattern', pattern: '\\d+' });
    expect(fromRuleForm({ ...form, by: 'label' })).toEqual({ name: 'total', by: 'label', labels: ['Total TTC', 'Montant dû'] });
  });

  it('keeps an empty label list visible to the check, which refuses it', () => {
    const rule = fromRuleForm({ ...toRuleForm({ name: 'x', by: 'label', labels: [''] }) });
    expect(checkFieldRules([rule])).toEqual([{ code: 'labelsEmpty', index: 0, field: 'labels', params: {} }]);
  });
});
