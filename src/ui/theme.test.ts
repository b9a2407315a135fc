// @vitest-environment jsdom
/** applyPreferences: root font size, dark mode classes (app and Blueprint) and document language. */
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreferences, DARK_CLASS } from './theme';

const root = document.documentElement;

afterEach(() => {
  root.removeAttribute('style');
  root.className = '';
  document.body.className = '';
  root.lang = '';
});

describe('applyPreferences', () => {
  it('sets the root font size in px', () => {
    applyPreferences({ fontSize: 16, darkMode: false, language: 'fr' });
    expect(root.style.fontSize).toBe('16px');
    applyPreferences({ fontSize: 12, darkMode: false, language: 'fr' });
    expect(root.style.fontSize).toBe('12px');
  });

  it('turns dark mode on and off with app-dark and bp6-dark', () => {
    applyPreferences({ fontSize: 14, darkMode: true, language: 'fr' });
    expect(DARK_CLASS).toBe('app-dark');
    expect(root.classList.contains('app-dark')).toBe(true);
    expect(root.classList.contains('bp6-dark')).toBe(true);
    // Blueprint portals are children of body, so body carries the dark class too.
    expect(document.body.classList.contains('bp6-dark')).toBe(true);

    applyPreferences({ fontSize: 14, darkMode: false, language: 'fr' });
    expect(root.classList.contains('app-dark')).toBe(false);
    expect(root.classList.contains('bp6-dark')).toBe(false);
    expect(document.body.classList.contains('bp6-dark')).toBe(false);
  });

  it('keeps other classes of the root', () => {
    root.classList.add('something-else');
    applyPreferences({ fontSize: 14, darkMode: true, language: 'fr' });
    applyPreferences({ fontSize: 14, darkMode: false, language: 'fr' });
    expect(root.classList.contains('something-else')).toBe(true);
  });

  it('sets the document language', () => {
    applyPreferences({ fontSize: 14, darkMode: false, language: 'en' });
    expect(root.lang).toBe('en');
    expect(root.getAttribute('lang')).toBe('en');
    applyPreferences({ fontSize: 14, darkMode: false, language: 'fr' });
    expect(root.getAttribute('lang')).toBe('fr');
  });

  it('applies to another root when given one', () => {
    const other = document.createElement('div');
    applyPreferences({ fontSize: 16, darkMode: true, language: 'en' }, other);
    expect(other.style.fontSize).toBe('16px');
    expect(other.classList.contains('app-dark')).toBe(true);
    expect(other.classList.contains('bp6-dark')).toBe(true);
    expect(other.lang).toBe('en');
    expect(root.style.fontSize).toBe('');
  });
});
