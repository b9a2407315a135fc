/** Applies the preferences to the document root: font size in px, dark mode (app-dark + Blueprint dark). */
import type { Preferences } from '../storage/preferences';

export const DARK_CLASS = 'app-dark';
const BLUEPRINT_DARK_CLASS = 'bp6-dark';

export function applyPreferences(preferences: Preferences, root: HTMLElement = document.documentElement): void {
  root.style.fontSize = `${preferences.fontSize}px`;
  root.classList.toggle(DARK_CLASS, preferences.darkMode);
  root.classList.toggle(BLUEPRINT_DARK_CLASS, preferences.darkMode);
  document.body?.classList.toggle(BLUEPRINT_DARK_CLASS, preferences.darkMode);
  root.lang = preferences.language;
}
