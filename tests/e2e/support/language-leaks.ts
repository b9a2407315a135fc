/**
 * Text of the other language on a page: the visible text and the accessible names (aria-label,
 * title, placeholder, alt) of a page shown in one language are read word by word, and a word that
 * belongs only to the other language is a leak, unless it is the user's data.
 *
 * What the user wrote or received is data, in whatever language it was written: every string of the
 * API's JSON answers the context received is taken out of the page's texts before the words are read,
 * and so are code and configuration text (`code`, `pre`, editors), content marked `translate="no"`,
 * and text marked in its own language (`lang="en"` on "English" in the French language menu).
 */
import type { BrowserContext, Page } from 'playwright-core';

export type Language = 'fr' | 'en';

/**
 * Words of one language that the other does not use (nor its technical jargon: "message", "module",
 * "configuration", "analyses", "organisation" are both French and English and are not here). Short
 * on purpose: a word added is a word every page of the other language must never show.
 */
const ONLY_IN: Record<Language, string[]> = {
  fr: [
    'le', 'la', 'les', 'des', 'du', 'une', 'est', 'et', 'pour', 'avec', 'dans', 'sur', 'pas', 'ou', 'vous', 'votre',
    'vos', 'cette', 'ces', 'aucun', 'aucune', 'sont', 'au', 'aux', 'qui', 'que', 'tous', 'toutes', 'tout', 'ici', 'leur',
    'nouveau', 'nouvelle', 'enregistrer', 'annuler', 'supprimer', 'rechercher', 'ajouter', 'modifier', 'fermer', 'oui',
    'chargement', 'erreur', 'paramètres', 'utilisateur', 'utilisateurs', 'projet', 'projets', 'environnement',
    'environnements', 'réessayer', 'créer', 'retour', 'accueil', 'déconnexion', 'données', 'fichier', 'fichiers',
    'règle', 'règles', 'catégorie', 'catégories', 'modèle', 'modèles', 'résultat', 'résultats', 'envoyer', 'valeur',
  ],
  en: [
    'the', 'and', 'of', 'with', 'is', 'are', 'not', 'to', 'for', 'this', 'that', 'from', 'your', 'you', 'be', 'has',
    'have', 'was', 'save', 'cancel', 'delete', 'search', 'edit', 'close', 'new', 'add', 'loading', 'error', 'failed',
    'none', 'found', 'missing', 'edge', 'please', 'select', 'settings', 'show', 'hide', 'yes', 'create', 'update',
    'default', 'rule', 'rules', 'empty', 'invalid', 'inbox', 'builtin', 'body', 'users', 'user', 'file', 'files', 'value',
    'send', 'back', 'home', 'results', 'result', 'category', 'categories', 'environment', 'environments', 'project',
  ],
};

/** Letters French writes and English does not: a word with one is French. */
const FRENCH_LETTERS = /[éèêëàâçùûôîïœ]/i;

function belongsTo(word: string): Language | undefined {
  const lower = word.toLowerCase();
  if (FRENCH_LETTERS.test(lower) || ONLY_IN.fr.includes(lower)) return 'fr';
  if (ONLY_IN.en.includes(lower)) return 'en';
  return undefined;
}

const DATA_SEPARATORS = /[\n\r\t,;:|"“”«»()[\]{}]+/;

/** The bodies still being read: a check waits for them, or it could take an answer's data for a leak. */
const reading = new WeakMap<Set<string>, Set<Promise<void>>>();

/** Every string of the JSON the context received from the API: the user's data, whatever its language. */
export function recordData(context: BrowserContext): Set<string> {
  const data = new Set<string>();
  const pending = new Set<Promise<void>>();
  reading.set(data, pending);
  context.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    const read = response.json().then(
      (value) => addData(data, value),
      () => undefined,
    );
    pending.add(read);
    void read.finally(() => pending.delete(read));
  });
  return data;
}

/** Adds every string of a JSON value to the data. */
export function addData(data: Set<string>, value: unknown): void {
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      // The whole string, and its parts between separators: a name inside a configuration document's
      // text, a term of a dictionary, a line of a list.
      // An identifier is shown as words ("prise_de_rendez_vous" as "Prise de rendez vous").
      for (const part of [value, ...value.split(DATA_SEPARATORS)]) {
        const text = part.replace(/\s+/g, ' ').trim().toLowerCase();
        if (text.length > 1) data.add(text);
        if (text.includes('_')) data.add(text.replace(/_+/g, ' ').trim());
      }
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(value);
}

export interface Shown {
  text: string;
  where: string;
}

/** The page's visible texts and accessible names, each with where it is (a short selector). */
function shownTexts(page: Page): Promise<Shown[]> {
  return page.evaluate(() => {
    const pageLanguage = document.documentElement.lang;
    const skipped = 'code, pre, kbd, samp, textarea, [translate="no"], [contenteditable="true"], .cm-editor, script, style, noscript';
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).filter(Boolean).slice(0, 2) : [];
      return element.tagName.toLowerCase() + id + classes.map((one) => `.${one}`).join('');
    };
    const shown = (element: Element) =>
      !element.closest(skipped) &&
      (element.closest('[lang]')?.getAttribute('lang') ?? pageLanguage) === pageLanguage &&
      element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const found: Array<{ text: string; where: string }> = [{ text: document.title, where: 'title' }];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent && shown(parent)) found.push({ text, where: name(parent) });
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (!shown(element)) continue;
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
        const text = element.getAttribute(attribute)?.trim();
        if (text) found.push({ text, where: `${name(element)}[${attribute}]` });
      }
    }
    return found;
  });
}

const LETTER = /\p{L}/u;

/**
 * The words of a text; "l'environnement" and "rendez-vous" are two words each. An identifier in
 * lower case joined by hyphens or underscores ("session-user-id", "no_rule") is a code, not words.
 */
function wordsOf(text: string): string[] {
  const words = text.replace(/(?<![\p{L}\d])[a-z\d]+(?:[-_][a-z\d]+){2,}(?![\p{L}\d])|(?<![\p{L}\d])[a-z\d]+(?:_[a-z\d]+)+(?![\p{L}\d])/gu, ' ');
  return words.match(/\p{L}+/gu) ?? [];
}

/** `text` without the occurrences of `value` that stand as whole words (not "es" inside "Notes"). */
function withoutWhole(text: string, value: string): string {
  let result = '';
  let from = 0;
  for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
    const before = text[at - 1];
    const after = text[at + value.length];
    if ((before && LETTER.test(before) && LETTER.test(value.charAt(0))) || (after && LETTER.test(after) && LETTER.test(value.charAt(value.length - 1)))) continue;
    result += `${text.slice(from, at)} `;
    from = at + value.length;
    at = from - 1;
  }
  return result + text.slice(from);
}

/** What the page shows in the other language than its own, data taken out; one line per text. */
export async function languageLeaks(page: Page, language: Language, data: Set<string>): Promise<string[]> {
  const shown = await shownTexts(page);
  // At most a second: an answer still streaming is not what the page shows yet.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(reading.get(data) ?? []), new Promise((resolve) => (timer = setTimeout(resolve, 1000)))]);
  clearTimeout(timer);
  return leaksIn(shown, language, data);
}

/** What these texts say in the other language than `language`, `data` taken out; one line per text. */
export function leaksIn(shown: Shown[], language: Language, data: Set<string>): string[] {
  // Longest first: a name inside a longer data string is taken out with it.
  const known = [...data].sort((a, b) => b.length - a.length);
  const leaks = new Set<string>();
  for (const { text, where } of shown) {
    let own = text.replace(/\s+/g, ' ').toLowerCase();
    for (const value of known) if (value.length <= own.length && own.includes(value)) own = withoutWhole(own, value);
    // Words in capitals are codes and acronyms (NO_QUALIFIED, PDF), not sentences.
    // The capitals are read from the page's text: the data were taken out of it in lower case.
    const codes = new Set(wordsOf(text).filter((word) => word.length > 1 && word === word.toUpperCase()).map((word) => word.toLowerCase()));
    const words = wordsOf(own).filter((word) => !codes.has(word));
    const foreign = words.filter((word) => {
      const of = belongsTo(word);
      return of !== undefined && of !== language;
    });
    if (foreign.length > 0) leaks.add(`${where}: "${text.slice(0, 120)}" (${[...new Set(foreign)].join(', ')})`);
  }
  return [...leaks];
}
