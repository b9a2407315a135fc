/** User preferences of spec §3, kept per browser; read synchronously once the store is loaded. */
import { useSyncExternalStore } from 'react';
import { readEntry, subscribeEntries, writeEntry } from './store';
import { storageKeys } from './keys';

export const fontSizes = { small: 12, medium: 14, large: 16 } as const;
export type FontSizeName = keyof typeof fontSizes;
export type Language = 'fr' | 'en';
export const languages: Language[] = ['fr', 'en'];

export interface Preferences {
  fontSize: number;
  darkMode: boolean;
  language: Language;
}

export const defaultPreferences: Preferences = { fontSize: fontSizes.medium, darkMode: false, language: 'fr' };

export function readPreferences(): Preferences {
  const fontSize = readEntry<number>(storageKeys.fontSize);
  const language = readEntry<string>(storageKeys.language);
  return {
    fontSize: Object.values(fontSizes).includes(fontSize as 14) ? (fontSize as number) : defaultPreferences.fontSize,
    darkMode: readEntry<boolean>(storageKeys.darkMode) === true,
    language: languages.includes(language as Language) ? (language as Language) : defaultPreferences.language,
  };
}

export function fontSizeName(px: number): FontSizeName {
  return (Object.keys(fontSizes) as FontSizeName[]).find((name) => fontSizes[name] === px) ?? 'medium';
}

export async function savePreference<K extends keyof Preferences>(name: K, value: Preferences[K]): Promise<void> {
  const key = { fontSize: storageKeys.fontSize, darkMode: storageKeys.darkMode, language: storageKeys.language }[name];
  await writeEntry(key, value);
}

let snapshot = readPreferences();
const preferenceKeys = new Set<string>([storageKeys.fontSize, storageKeys.darkMode, storageKeys.language]);

function subscribe(onChange: () => void) {
  return subscribeEntries((key) => {
    if (!preferenceKeys.has(key)) return;
    snapshot = readPreferences();
    onChange();
  });
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Re-reads after the store is loaded (the module may be evaluated before). */
export function refreshPreferencesSnapshot(): void {
  snapshot = readPreferences();
}
