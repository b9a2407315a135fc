/**
 * The filters a snippet can use besides Liquid's standard ones (dates, amounts, text). One registry:
 * the sandbox registers `run`, the Documentation tab lists `signature`, `description` and `example`,
 * and a unit test renders every example and checks its declared output, so the documentation cannot
 * drift from the engine.
 *
 * Every filter cuts its text input at EXTRACTION_LIMITS.textChars: liquidjs checks its time limit
 * between nodes only, so a filter must bound its own work. Regular expressions run on RE2JS (linear).
 * Filters that need the language or the clock read the `language` and `now` variables of the render.
 */
import { EXTRACTION_LIMITS } from '../contract/modules/extraction';
import { NLU_LANGUAGES } from '../contract/environments';
import type { NluLanguage } from '../nlu/types';
import { findBuiltin, isExtractionBuiltin } from './builtins';
import { readNumber } from './convert';
import { compileRegex, findAll, hasGroup } from './safe-regex';
import type { SandboxFilter } from '../templates/sandbox';

export interface SnippetFilter {
  name: string;
  /** How it is written, for the documentation. */
  signature: string;
  description: { fr: string; en: string };
  /** A program over EXAMPLE_VARIABLES and what it prints. */
  example: { program: string; output: string };
  run: SandboxFilter;
}

/** The text the documentation's examples (and their test) run on. */
export const EXAMPLE_TEXT = 'Bonjour,\nContrat n° AB-123456\nSinistre du 12/03/2026, montant 1 250,50 €.\nIBAN FR76 3000 6000 0112 3456 7890 189';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value)).slice(0, EXTRACTION_LIMITS.textChars);

function renderLanguage(this: { context: { getSync(paths: PropertyKey[]): unknown } }): NluLanguage {
  const language = this.context.getSync(['language']);
  return (NLU_LANGUAGES as readonly unknown[]).includes(language) ? (language as NluLanguage) : 'fr';
}

function renderNow(this: { context: { getSync(paths: PropertyKey[]): unknown } }): Date {
  const now = new Date(String(this.context.getSync(['now']) ?? ''));
  return Number.isNaN(now.getTime()) ? new Date() : now;
}

function regexValues(value: unknown, pattern: unknown, group: unknown, max: number): string[] {
  const compiled = compileRegex(String(pattern ?? ''), true);
  if (!compiled.ok) throw new Error(`Regular expression refused: ${compiled.detail}`);
  const wanted = typeof group === 'number' ? group : typeof group === 'string' && group !== '' ? group : 0;
  if (!hasGroup(compiled.regex, wanted)) throw new Error(`The regular expression has no group ${wanted}`);
  return findAll(compiled.regex, text(value), wanted, max);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

export const SNIPPET_FILTERS: readonly SnippetFilter[] = [
  {
    name: 'find',
    signature: 'text | find: "builtin"',
    description: {
      fr: 'Les valeurs d’une archétype prédéfinie trouvées dans le texte (date, amount, number, percentage, email, url, phone, iban, postalCodeFr), normalisées, dans l’ordre du texte.',
      en: 'The values of a builtin archetype found in the text (date, amount, number, percentage, email, url, phone, iban, postalCodeFr), normalised, in text order.',
    },
    example: { program: '{{ text | find: "amount" | first }}', output: '1250.5 EUR' },
    run(value, builtin) {
      const name = String(builtin ?? '');
      if (!isExtractionBuiltin(name)) throw new Error(`Unknown builtin "${name}"`);
      return findBuiltin(name, text(value), renderLanguage.call(this), renderNow.call(this));
    },
  },
  {
    name: 'parse_date',
    signature: 'text | parse_date',
    description: {
      fr: 'La première date du texte (12/03/2026, 12 mars 2026, hier…) au format ISO AAAA-MM-JJ ; rien si aucune.',
      en: 'The first date of the text (12/03/2026, March 12 2026, yesterday…) as ISO YYYY-MM-DD; nothing when none.',
    },
    example: { program: '{{ "survenu le 12 mars 2026" | parse_date }}', output: '2026-03-12' },
    run(value) {
      return findBuiltin('date', text(value), renderLanguage.call(this), renderNow.call(this), 1)[0]?.slice(0, 10) ?? null;
    },
  },
  {
    name: 'add_days',
    signature: 'date | add_days: n',
    description: { fr: 'Une date ISO décalée de n jours (n peut être négatif).', en: 'An ISO date moved by n days (n may be negative).' },
    example: { program: '{{ "2026-03-12" | add_days: 30 }}', output: '2026-04-11' },
    run(value, days) {
      const match = ISO_DAY.exec(text(value));
      const shift = Number(days);
      if (match === null || !Number.isInteger(shift)) return null;
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + shift));
      return date.toISOString().slice(0, 10);
    },
  },
  {
    name: 'parse_amount',
    signature: 'text | parse_amount',
    description: {
      fr: 'Le premier montant (ou à défaut le premier nombre) du texte, en nombre : « 1 250,50 € » → 1250.5.',
      en: 'The first amount (or else the first number) of the text, as a number: "€1,250.50" → 1250.5.',
    },
    example: { program: '{{ text | parse_amount }}', output: '1250.5' },
    run(value) {
      const language = renderLanguage.call(this);
      const now = renderNow.call(this);
      const found = findBuiltin('amount', text(value), language, now, 1)[0] ?? findBuiltin('number', text(value), language, now, 1)[0];
      return found === undefined ? null : readNumber(found.split(' ')[0]!);
    },
  },
  {
    name: 'currency',
    signature: 'text | currency',
    description: { fr: 'Le code de devise du premier montant du texte (EUR, USD, GBP, CHF).', en: 'The currency code of the first amount of the text (EUR, USD, GBP, CHF).' },
    example: { program: '{{ "1 250,50 €" | currency }}', output: 'EUR' },
    run(value) {
      return findBuiltin('amount', text(value), renderLanguage.call(this), renderNow.call(this), 1)[0]?.split(' ')[1] ?? null;
    },
  },
  {
    name: 'format_amount',
    signature: 'number | format_amount: "fr" | "en"',
    description: { fr: 'Un nombre écrit avec deux décimales, à la française (1 250,50) ou à l’anglaise (1,250.50).', en: 'A number written with two decimals, the French (1 250,50) or English (1,250.50) way.' },
    example: { program: '{{ 1250.5 | format_amount: "fr" }}', output: '1 250,50' },
    run(value, locale) {
      const amount = typeof value === 'number' ? value : readNumber(text(value));
      if (amount === null) return null;
      const format = new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      return format.format(amount).replace(/[\u202f\u00a0]/g, ' ');
    },
  },
  {
    name: 'regex_find',
    signature: 'text | regex_find: "pattern", group',
    description: {
      fr: 'Le premier passage qui correspond à l’expression régulière (sans casse), ou son groupe (numéro ou nom) ; rien si aucun.',
      en: 'The first part matching the regular expression (case-insensitive), or its group (number or name); nothing when none.',
    },
    example: { program: '{{ text | regex_find: "contrat n° ([A-Z]{2}-[0-9]+)", 1 }}', output: 'AB-123456' },
    run(value, pattern, group) {
      return regexValues(value, pattern, group, 1)[0] ?? null;
    },
  },
  {
    name: 'regex_find_all',
    signature: 'text | regex_find_all: "pattern", group',
    description: { fr: 'Tous les passages qui correspondent (au plus 100), en liste.', en: 'Every matching part (at most 100), as a list.' },
    example: { program: '{{ "A-1, B-22, C-333" | regex_find_all: "[A-Z]-([0-9]+)", 1 | join: "," }}', output: '1,22,333' },
    run(value, pattern, group) {
      return regexValues(value, pattern, group, EXTRACTION_LIMITS.valuesPerField);
    },
  },
  {
    name: 'after',
    signature: 'text | after: "label"',
    description: {
      fr: 'Ce qui suit la première occurrence du libellé (sans casse) jusqu’à la fin de sa ligne, sans espaces ni deux-points autour.',
      en: 'What follows the first occurrence of the label (case-insensitive) up to the end of its line, without spaces or colons around it.',
    },
    example: { program: '{{ text | after: "contrat n°" }}', output: 'AB-123456' },
    run(value, label) {
      const source = text(value);
      const wanted = String(label ?? '').toLowerCase();
      const at = wanted === '' ? -1 : source.toLowerCase().indexOf(wanted);
      if (at < 0) return null;
      const rest = source.slice(at + wanted.length).split(/\r?\n/)[0]!;
      return rest.replace(/^[\s:]+/, '').trim() || null;
    },
  },
  {
    name: 'normalize_space',
    signature: 'text | normalize_space',
    description: { fr: 'Le texte avec chaque suite d’espaces et de retours à la ligne réduite à une espace.', en: 'The text with each run of spaces and line breaks made one space.' },
    example: { program: '{{ "  AB   123 \n 456 " | normalize_space }}', output: 'AB 123 456' },
    run(value) {
      return text(value).replace(/\s+/g, ' ').trim();
    },
  },
  {
    name: 'remove_accents',
    signature: 'text | remove_accents',
    description: { fr: 'Le texte sans accents ni cédilles.', en: 'The text without accents or cedillas.' },
    example: { program: '{{ "Dégât des eaux à Besançon" | remove_accents }}', output: 'Degat des eaux a Besancon' },
    run(value) {
      return text(value).normalize('NFD').replace(/\p{M}/gu, '');
    },
  },
  {
    name: 'digits',
    signature: 'text | digits',
    description: { fr: 'Seulement les chiffres du texte.', en: 'Only the digits of the text.' },
    example: { program: '{{ "06 12-34.56 78" | digits }}', output: '0612345678' },
    run(value) {
      return text(value).replace(/\D/g, '');
    },
  },
  {
    name: 'lines',
    signature: 'text | lines',
    description: { fr: 'Les lignes non vides du texte, sans espaces autour, en liste.', en: 'The non-empty lines of the text, trimmed, as a list.' },
    example: { program: '{{ text | lines | size }}', output: '4' },
    run(value) {
      return text(value)
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '');
    },
  },
];

export const EXTRACTION_FILTERS = {
  name: 'extraction',
  filters: Object.fromEntries(SNIPPET_FILTERS.map((filter) => [filter.name, filter.run])),
};
