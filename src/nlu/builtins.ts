/**
 * Builtin archetypes, read-only, usable as `[[@name]]` in dictionaries and as a parameter's
 * archetype. Each finds its spans in the raw text and gives a normalised value:
 *   @date          absolute and relative dates in French and English (chrono-node), ISO 8601
 *   @number        12 · 1 234,5 · 1,234.5 (by language) → "1234.5"
 *   @amount        a number with a currency symbol or code → "1234.5 EUR"
 *   @percentage    12 % · 12,5 pour cent · 3 percent → "12.5"
 *   @email         lower-cased address
 *   @url           http(s):// or www. addresses, trailing punctuation left out
 *   @phone         French numbers (0X XX XX XX XX, +33…) and international +… → E.164 "+33612345678"
 *   @iban          IBANs whose ISO 13616 mod-97 checksum holds → compact upper case
 *   @postalCodeFr  French postal codes (01000–98999) → the five digits
 * Phone numbers use two patterns rather than libphonenumber-js (≈150 kB of metadata for one
 * archetype); dates use chrono-node's fr and en locales, the best-kept parser of relative dates.
 */
import * as chronoFr from 'chrono-node/fr';
import * as chronoEn from 'chrono-node/en';
import type { NluLanguage } from './types';

export interface BuiltinMatch {
  start: number;
  end: number;
  value: string;
}

export interface Builtin {
  name: string;
  description: { fr: string; en: string };
  example: string;
  find(text: string, language: NluLanguage, now: Date): BuiltinMatch[];
}

const NUM_FR = String.raw`\d{1,3}(?:[ \u00a0\u202f.]\d{3})+(?:,\d+)?|\d+(?:,\d+)?`;
const NUM_EN = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const CURRENCIES: [RegExp, string][] = [
  [/^(?:€|eur|euros?)$/i, 'EUR'],
  [/^(?:\$|usd|dollars?)$/i, 'USD'],
  [/^(?:£|gbp|livres?(?: sterling)?|pounds?)$/i, 'GBP'],
  [/^(?:chf|francs? suisses?)$/i, 'CHF'],
];
const CURRENCY = String.raw`€|\$|£|EUR|USD|GBP|CHF|euros?|dollars?|livres? sterling|pounds?|francs? suisses?`;

/** Languages writing 1,234.5 rather than 1 234,5. */
const DOT_DECIMAL = new Set<NluLanguage>(['gb', 'cn', 'jp', 'kr']);

function numberPattern(language: NluLanguage): string {
  return DOT_DECIMAL.has(language) ? NUM_EN : NUM_FR;
}

function normaliseNumber(raw: string, language: NluLanguage): string {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, '');
  const plain = DOT_DECIMAL.has(language) ? compact.replace(/,/g, '') : compact.replace(/\./g, '').replace(',', '.');
  const n = Number(plain);
  return Number.isFinite(n) ? String(n) : plain;
}

function* matches(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    yield m;
    if (m[0] === '') re.lastIndex += 1;
  }
}

const NOT_AFTER_WORD = String.raw`(?<![\p{L}\p{N}])`;
const NOT_BEFORE_WORD = String.raw`(?![\p{L}\p{N}])`;

const regexCache = new Map<string, RegExp>();
function cached(source: string, flags = 'gu'): RegExp {
  let re = regexCache.get(source + flags);
  if (!re) {
    re = new RegExp(source, flags);
    regexCache.set(source + flags, re);
  }
  return re;
}

function simple(re: RegExp, value: (m: RegExpExecArray) => string | null) {
  return (text: string): BuiltinMatch[] => {
    const out: BuiltinMatch[] = [];
    for (const m of matches(re, text)) {
      const v = value(m);
      if (v !== null) out.push({ start: m.index, end: m.index + m[0].length, value: v });
    }
    return out;
  };
}

function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of code) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

function isoDate(components: { get(c: 'year' | 'month' | 'day' | 'hour' | 'minute'): number | null; isCertain(c: 'hour'): boolean }): string {
  const pad = (n: number | null, w = 2) => String(n ?? 0).padStart(w, '0');
  const day = `${pad(components.get('year'), 4)}-${pad(components.get('month'))}-${pad(components.get('day'))}`;
  return components.isCertain('hour') ? `${day}T${pad(components.get('hour'))}:${pad(components.get('minute'))}` : day;
}

function findDates(text: string, language: NluLanguage, now: Date): BuiltinMatch[] {
  const parser = language === 'fr' ? chronoFr : chronoEn.GB;
  let results: ReturnType<typeof chronoEn.GB.parse>;
  try {
    results = parser.parse(text, now);
  } catch {
    return [];
  }
  const out: BuiltinMatch[] = [];
  for (const r of results) {
    const trimmed = r.text.replace(/[\s.,;:!?)]+$/u, '');
    if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
    const start = r.index;
    out.push({ start, end: start + trimmed.length, value: isoDate(r.start) });
  }
  return out;
}

export const BUILTINS: readonly Builtin[] = [
  {
    name: '@date',
    description: {
      fr: 'Dates absolues et relatives en français et en anglais (12/03/2026, 12 mars 2026, demain, dans 3 jours, next Monday), en ISO 8601.',
      en: 'Absolute and relative dates in French and English (12/03/2026, March 12, 2026, tomorrow, in 3 days, lundi prochain), as ISO 8601.',
    },
    example: 'demain → 2026-03-11',
    find: findDates,
  },
  {
    name: '@amount',
    description: {
      fr: 'Un montant avec sa devise (symbole ou code) : 1 250,50 €, EUR 300, $12 → « 1250.5 EUR ».',
      en: 'An amount with its currency (symbol or code): €1,250.50, 300 EUR, $12 → "1250.5 EUR".',
    },
    example: '1 250,50 € → 1250.5 EUR',
    find(text, language) {
      const num = numberPattern(language);
      const re = cached(
        `${NOT_AFTER_WORD}(?:(?<c1>${CURRENCY})\\s?(?<n1>${num})|(?<n2>${num})\\s?(?<c2>${CURRENCY}))(?![\\p{L}\\p{N}])`,
        'giu',
      );
      return simple(re, (m) => {
        const g = m.groups!;
        const currency = (g.c1 ?? g.c2)!;
        const code = CURRENCIES.find(([pattern]) => pattern.test(currency))?.[1] ?? currency.toUpperCase();
        return `${normaliseNumber((g.n1 ?? g.n2)!, language)} ${code}`;
      })(text);
    },
  },
  {
    name: '@percentage',
    description: {
      fr: 'Un pourcentage : 12 %, 12,5 pour cent → « 12.5 ».',
      en: 'A percentage: 12%, 3.5 percent → "3.5".',
    },
    example: '12,5 % → 12.5',
    find(text, language) {
      const re = cached(`${NOT_AFTER_WORD}(${numberPattern(language)})\\s?(?:%|pour ?cent|percent|per cent)(?![\\p{L}\\p{N}])`, 'giu');
      return simple(re, (m) => normaliseNumber(m[1]!, language))(text);
    },
  },
  {
    name: '@number',
    description: {
      fr: 'Un nombre : 12, 1 234,5 (1,234.5 en anglais) → « 1234.5 ».',
      en: 'A number: 12, 1,234.5 (1 234,5 in French) → "1234.5".',
    },
    example: '1 234,5 → 1234.5',
    find(text, language) {
      const re = cached(`${NOT_AFTER_WORD}-?(?:${numberPattern(language)})${NOT_BEFORE_WORD}`);
      return simple(re, (m) => normaliseNumber(m[0], language))(text);
    },
  },
  {
    name: '@email',
    description: { fr: 'Une adresse e-mail, en minuscules.', en: 'An email address, lower-cased.' },
    example: 'Jean.Dupont@Exemple.fr → jean.dupont@exemple.fr',
    find: simple(/(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})*\.\p{L}{2,24}(?![\p{L}\p{N}])/gu, (m) => m[0].toLowerCase()),
  },
  {
    name: '@url',
    description: { fr: 'Une adresse web (http, https ou www.).', en: 'A web address (http, https or www.).' },
    example: 'https://exemple.fr/contrat',
    find(text) {
      return simple(/(?<![\p{L}\p{N}])(?:https?:\/\/|www\.)[^\s<>"'«»]{1,2000}/giu, () => '')(text).map((m) => {
        const raw = text.slice(m.start, m.end).replace(/[.,;:!?)\]}]+$/u, '');
        return { start: m.start, end: m.start + raw.length, value: raw };
      });
    },
  },
  {
    name: '@phone',
    description: {
      fr: 'Un numéro de téléphone français (06 12 34 56 78, +33 6…) ou international (+…), au format E.164.',
      en: 'A French (06 12 34 56 78, +33 6…) or international (+…) phone number, as E.164.',
    },
    example: '06 12 34 56 78 → +33612345678',
    find: simple(/(?<![\p{L}\p{N}+])(?:(?:\+|00)33[\s.-]?(?:\(0\)[\s.-]?)?[1-9]|0[1-9])(?:[\s.-]?\d{2}){4}(?![\p{L}\p{N}])|(?<![\p{L}\p{N}+])\+(?!33)[1-9](?:[\s.-]?\d){7,14}(?![\p{L}\p{N}])/gu, (m) => {
      const digits = m[0].replace(/\(0\)/, '').replace(/\D/g, '');
      if (m[0].startsWith('+')) return `+${digits}`;
      if (digits.startsWith('0033')) return `+${digits.slice(2)}`;
      return `+33${digits.slice(1)}`;
    }),
  },
  {
    name: '@iban',
    description: {
      fr: 'Un IBAN dont la clé de contrôle (mod 97) est juste, sans espaces et en majuscules.',
      en: 'An IBAN whose mod-97 check digits hold, without spaces and upper-cased.',
    },
    example: 'FR76 3000 6000 0112 3456 7890 189 → FR7630006000011234567890189',
    find(text) {
      const out: BuiltinMatch[] = [];
      // The pattern may run on into the next words ("… 189 et FR76"): keep the longest run of
      // groups whose checksum holds.
      for (const m of matches(/(?<![\p{L}\p{N}])[A-Za-z]{2}\d{2}(?:[ ]?[A-Za-z0-9]{1,4}){3,8}(?![\p{L}\p{N}])/gu, text)) {
        const groups = m[0].split(' ');
        for (let n = groups.length; n >= 1; n--) {
          const compact = groups.slice(0, n).join('').toUpperCase();
          if (ibanValid(compact)) {
            out.push({ start: m.index, end: m.index + groups.slice(0, n).join(' ').length, value: compact });
            break;
          }
        }
      }
      return out;
    },
  },
  {
    name: '@postalCodeFr',
    description: { fr: 'Un code postal français (01000 à 98999).', en: 'A French postal code (01000 to 98999).' },
    example: '75011',
    find: simple(/(?<![\p{L}\p{N}]|\d[ .,])(?:0[1-9]|[1-8]\d|9[0-8])\d{3}(?![\p{L}\p{N}]|[ .,]\d)/gu, (m) => m[0]),
  },
];

export const BUILTIN_ARCHETYPES: readonly { name: string; description: { fr: string; en: string }; example: string }[] =
  BUILTINS.map(({ name, description, example }) => ({ name, description, example }));

export const BUILTIN_NAMES = new Set(BUILTINS.map((b) => b.name));
