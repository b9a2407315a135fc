/**
 * The qualification screen's keys (documented on the screen): single letters and digits act when the
 * focus is not in a text field, so typing a value never triggers them; Ctrl+Enter (⌘+Enter) accepts
 * from anywhere. Digits pick the expected category by its number (read from the key's position, so
 * Shift+digit, which adds a category to the ones picked, works on every keyboard layout).
 */
export type QualificationAction = 'next' | 'previous' | 'accept' | 'skip' | 'obtained' | 'undo' | 'filter' | 'run';

export const QUALIFICATION_KEYS: readonly { key: string; action: QualificationAction }[] = [
  { key: 'n', action: 'next' },
  { key: 'p', action: 'previous' },
  { key: 'a', action: 'accept' },
  { key: 's', action: 'skip' },
  { key: 'o', action: 'obtained' },
  { key: 'r', action: 'run' },
  { key: 'u', action: 'undo' },
  { key: '/', action: 'filter' },
];

/** A category key: 1–9 the category of that number, 0 "no category"; additive with Shift. */
export interface CategoryKey {
  number: number;
  additive: boolean;
}

type KeyEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'> & Partial<Pick<KeyboardEvent, 'code' | 'shiftKey'>>;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type);
}

export function actionOf(event: KeyEvent): QualificationAction | null {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'accept';
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  return QUALIFICATION_KEYS.find((binding) => binding.key === event.key.toLowerCase())?.action ?? null;
}

export function categoryKeyOf(event: KeyEvent): CategoryKey | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(event.code ?? '')?.[1] ?? (/^[0-9]$/.test(event.key) ? event.key : undefined);
  return digit === undefined ? null : { number: Number(digit), additive: event.shiftKey === true };
}
