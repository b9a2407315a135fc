/** A text shown to the user: plain text (e.g. a server message) or a reference into the translations. */
import i18next from 'i18next';

export type TranslationRef = { key: string; values?: Record<string, unknown> };
export type Message = string | TranslationRef;

export function resolveMessage(message: Message | undefined): string {
  if (message === undefined) return '';
  if (typeof message === 'string') return message;
  return i18next.t(message.key as never, message.values as never) as unknown as string;
}

export const tr = (key: string, values?: Record<string, unknown>): TranslationRef => ({ key, values });
