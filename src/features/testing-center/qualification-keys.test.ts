// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { actionOf, categoryKeyOf } from './qualification-keys';

const key = (init: Partial<KeyboardEvent> & { key: string }, target: EventTarget | null = document.body) => ({ ctrlKey: false, metaKey: false, altKey: false, target, ...init });

describe('qualification keys', () => {
  it('maps the letters to their actions outside text fields, whatever the case', () => {
    expect(actionOf(key({ key: 'n' }))).toBe('next');
    expect(actionOf(key({ key: 'P' }))).toBe('previous');
    expect(actionOf(key({ key: 'a' }))).toBe('accept');
    expect(actionOf(key({ key: 's' }))).toBe('skip');
    expect(actionOf(key({ key: 'o' }))).toBe('obtained');
    expect(actionOf(key({ key: 'x' }))).toBeNull();
  });

  it('leaves letters to the field being typed in, but accepts with Ctrl+Enter from anywhere', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(actionOf(key({ key: 'n' }, input))).toBeNull();
    expect(actionOf(key({ key: 'a' }, textarea))).toBeNull();
    expect(actionOf(key({ key: 'n' }, checkbox))).toBe('next');
    expect(actionOf(key({ key: 'Enter', ctrlKey: true }, input))).toBe('accept');
    expect(actionOf(key({ key: 'Enter', metaKey: true }, textarea))).toBe('accept');
    // A browser or system shortcut (Ctrl+S, Ctrl+P) is never taken.
    expect(actionOf(key({ key: 's', ctrlKey: true }))).toBeNull();
  });

  it('reads category numbers from the digit keys, with Shift to add, on any layout, never while typing', () => {
    expect(categoryKeyOf(key({ key: '3', code: 'Digit3' }))).toEqual({ number: 3, additive: false });
    // On a French keyboard the unshifted digit row gives "&é"'…": the key's position decides.
    expect(categoryKeyOf(key({ key: '&', code: 'Digit1' }))).toEqual({ number: 1, additive: false });
    expect(categoryKeyOf(key({ key: '#', code: 'Digit3', shiftKey: true }))).toEqual({ number: 3, additive: true });
    expect(categoryKeyOf(key({ key: '0', code: 'Numpad0' }))).toEqual({ number: 0, additive: false });
    expect(categoryKeyOf(key({ key: '2', code: 'Digit2' }, document.createElement('input')))).toBeNull();
    expect(categoryKeyOf(key({ key: 'a', code: 'KeyA' }))).toBeNull();
    expect(actionOf(key({ key: 'u' }))).toBe('undo');
    expect(actionOf(key({ key: '/' }))).toBe('filter');
    expect(actionOf(key({ key: 'r' }))).toBe('run');
  });
});
