import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';
import { analyse, context, interaction, param } from './test-support/engine';

describe('language detection (auto)', () => {
  it('maps the detector codes to ours', () => {
    expect(detectLanguage("Bonjour, je voudrais résilier mon contrat d'assurance habitation dès que possible.")).toBe('fr');
    expect(detectLanguage('Hello, I would like to cancel my home insurance contract as soon as possible.')).toBe('gb');
    expect(detectLanguage('Dobrý deň, chcel by som zrušiť svoju zmluvu o poistení.')).toBe('sk');
    expect(detectLanguage('Hej, jeg vil gerne opsige min forsikring hurtigst muligt.', ['dk', 'no', 'se'])).toBe('dk');
    expect(detectLanguage('我想取消我的保险合同。')).toBe('cn');
    expect(detectLanguage('保険契約を解約したいです。')).toBe('jp');
  });

  it('chooses among the candidates, and falls back to the first', () => {
    expect(detectLanguage('Hello, I would like to cancel my contract.', ['fr', 'gb'])).toBe('gb');
    expect(detectLanguage('Hello, I would like to cancel my contract.', ['de'])).toBe('de');
    expect(detectLanguage('1234 5678', ['it', 'fr'])).toBe('it');
  });

  it('analyses with the detected language', () => {
    const result = analyse({ a: 'résilier' }, [context([interaction('t', [param('a', 'a', 1)])])], 'Je souhaite résilier mon contrat, merci beaucoup.', {
      language: 'auto', candidates: ['gb', 'fr'],
    });
    expect(result.language).toBe('fr');
    expect(result.interactions.map((i) => i.id)).toEqual(['t']);
  });
});
