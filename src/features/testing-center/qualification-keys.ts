/**
 * The qualification screen's keys (documented on the screen): single letters act when the focus is
 * not in a text field, so typing a value never triggers them; Ctrl+Enter (⌘+Enter) accepts from anywhere.
 */
export type QualificationAction = 'next' | 'previous' | 'accept' | 'skip' | 'obtained';

export const QUALIFICATION_KEYS: readonly { key: string; action: QualificationAction }[] = [
  { key: 'n', action: 'next' },
  { key: 'p', action: 'previous' },
  { key: 'a', action: 'accept' },
  { key: 's', action: 'skip' },
  { key: 'o', action: 'obtained' },
];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type);
}

export function actionOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): QualificationAction | null {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'accept';
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  return QUALIFICATION_KEYS.find((binding) => binding.key === event.key.toLowerCase())?.action ?? null;
}
