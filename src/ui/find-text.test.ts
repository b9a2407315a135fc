// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findText, rangeAt } from './find-text';

const html = (markup: string) => {
  const root = document.createElement('div');
  root.innerHTML = markup;
  return root;
};

describe('finding words in the message shown', () => {
  it('finds a value across elements, spaces, line breaks and case, and answers its exact range', () => {
    const root = html('<p>Contrat <b>AU-30</b><span>871</span> du</p><pre>Montant : 1 250,50\n€ TTC</pre>');
    expect(findText(root, 'au-30871')!.toString()).toBe('AU-30871');
    expect(findText(root, '1 250,50 €')!.toString()).toBe('1 250,50\n€');
    expect(findText(root, 'montant: 1250')!.toString()).toBe('Montant : 1 250');
  });

  it('skips text hidden from readers, such as the archetype name drawn over labelled words', () => {
    const root = html('<p>Je veux <span><span aria-hidden="true">resilier</span><mark>résilier</mark></span> ; resilier</p>');
    const range = findText(root, 'resilier')!;
    expect(range.startContainer.parentElement!.tagName).toBe('P');
    expect(findText(root, 'résilier')!.startContainer.parentElement!.tagName).toBe('MARK');
  });

  it('answers nothing for words that are not there, or for nothing', () => {
    const root = html('<p>Bonjour</p>');
    expect(findText(root, 'Bonsoir')).toBeNull();
    expect(findText(root, '   ')).toBeNull();
  });
});

describe('the words at an exact place of the text shown', () => {
  it('answers the occurrence at those offsets, not the first one, across elements and without hidden names', () => {
    const text = 'Je veux résilier. Oui, résilier le contrat AU-30871.';
    const root = html('<p>Je veux <span><span aria-hidden="true">resilier</span><mark>résilier</mark></span>. Oui, <span><span aria-hidden="true">resilier</span><mark>résilier</mark></span> le contrat AU-<b>30871</b>.</p>');
    const second = text.indexOf('résilier', 10);
    const range = rangeAt(root, second, second + 'résilier le'.length)!;
    expect(range.toString()).toBe('résilier le');
    expect(range.startContainer.parentElement!.tagName).toBe('MARK');
    expect(rangeAt(root, text.indexOf('AU-'), text.indexOf('AU-') + 8)!.toString()).toBe('AU-30871');
  });

  it('answers nothing past the end of the text or for an empty place', () => {
    const root = html('<p>Bonjour</p>');
    expect(rangeAt(root, 3, 20)).toBeNull();
    expect(rangeAt(root, 2, 2)).toBeNull();
  });
});
