/**
 * The archetype dictionary parser: one entry per line, `canonical;variant;…` (trailing `;` allowed),
 * empty lines ignored, `//` comment lines, directives on top (`#SPELLCHECK_OFF`, `#VARIATION_OFF`,
 * `#ID_ON`, `#ALIAS:name=REGEX`), `->` child lines. An item mixes literal words, `[[archetype]]`
 * references and `<<regex>>` inline regexes. Errors carry 1-based line numbers; parsing goes on
 * after an error so the editor shows all of them.
 */
import { compilePcre, type InlineRegex } from './regex';
import { fold, tokenize } from './normalise';
import type { NluConfigError, NluLanguage } from './types';

export type Element =
  | { kind: 'word'; folded: string }
  | { kind: 'ref'; name: string }
  | { kind: 'regex'; regex: InlineRegex; source: string };

export interface Expression {
  line: number;
  text: string;
  elements: Element[];
}

export interface Entry {
  line: number;
  /** What a match returns: the identifier under #ID_ON, else the first item's text. */
  value: string;
  /** The canonical text (the first matched item). */
  label: string;
  /** The first item is a regex or a reference: the value is what it matched. */
  valueFromMatch: boolean;
  expressions: Expression[];
  /** Index of the parent entry (a `->` line's owner), or -1. */
  parent: number;
}

export interface Directives {
  spellcheck: boolean;
  variation: boolean;
  idOn: boolean;
}

export interface ParsedDictionary {
  directives: Directives;
  aliases: Map<string, string>;
  entries: Entry[];
  errors: NluConfigError[];
}

/** Words of Latin letters (ASCII and Latin-1, all \p{L}) separated by single spaces. */
const PLAIN_WORDS = /^[A-Za-zÀ-ÖØ-öø-ÿ]+(?: [A-Za-zÀ-ÖØ-öø-ÿ]+)*$/;

/** Splits on `;` outside `[[…]]` and `<<…>>`. */
function splitItems(line: string): string[] {
  // Most lines hold only words: a plain split gives the same items.
  if (!line.includes('[[') && !line.includes('<<')) return line.split(';').map((item) => item.trim()).filter((item) => item !== '');
  const items: string[] = [];
  let depth: ']]' | '>>' | null = null;
  let current = '';
  for (let i = 0; i < line.length; i++) {
    const two = line.slice(i, i + 2);
    if (!depth && (two === '[[' || two === '<<')) {
      depth = two === '[[' ? ']]' : '>>';
      current += two;
      i += 1;
      continue;
    }
    if (depth && two === depth) {
      depth = null;
      current += two;
      i += 1;
      continue;
    }
    if (!depth && line[i] === ';') {
      items.push(current);
      current = '';
      continue;
    }
    current += line[i];
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function error(
  code: NluConfigError['code'],
  line: number,
  params: Record<string, string | number>,
  message: string,
): NluConfigError {
  return { code, line, params: { line, ...params }, message: `line ${line}: ${message}` };
}

function parseExpression(
  item: string,
  line: number,
  language: NluLanguage,
  aliases: Map<string, string>,
  errors: NluConfigError[],
): Expression | null {
  const elements: Element[] = [];
  let rest = item;
  while (rest !== '') {
    const ref = rest.indexOf('[[');
    const re = rest.indexOf('<<');
    const next = ref < 0 ? re : re < 0 ? ref : Math.min(ref, re);
    const literal = next < 0 ? rest : rest.slice(0, next);
    if (PLAIN_WORDS.test(literal)) {
      // Letters and single spaces only (most dictionary items): the words tokenize would find.
      for (const word of literal.split(' ')) elements.push({ kind: 'word', folded: fold(word) });
    } else {
      for (const token of tokenize(literal, language)) elements.push({ kind: 'word', folded: token.folded });
    }
    if (next < 0) break;
    if (next === ref) {
      const end = rest.indexOf(']]', next + 2);
      const name = end < 0 ? '' : rest.slice(next + 2, end).trim();
      if (end < 0 || name === '') {
        errors.push(error('dictionarySyntax', line, { detail: '[[' }, 'a reference [[name]] is not closed or empty'));
        return null;
      }
      elements.push({ kind: 'ref', name });
      rest = rest.slice(end + 2);
    } else {
      const end = rest.indexOf('>>', next + 2);
      if (end < 0) {
        errors.push(error('dictionarySyntax', line, { detail: '<<' }, 'an inline regex <<…>> is not closed'));
        return null;
      }
      const source = rest.slice(next + 2, end);
      const compiled = compilePcre(source, aliases);
      if ('code' in compiled) {
        errors.push(error(compiled.code, line, compiled.params, `${compiled.code}: ${compiled.detail}`));
        return null;
      }
      elements.push({ kind: 'regex', regex: compiled, source });
      rest = rest.slice(end + 2);
    }
  }
  if (elements.length === 0) return null;
  return { line, text: item, elements };
}

export function parseDictionary(text: string, language: NluLanguage): ParsedDictionary {
  const directives: Directives = { spellcheck: true, variation: true, idOn: false };
  const aliases = new Map<string, string>();
  const entries: Entry[] = [];
  const errors: NluConfigError[] = [];
  /** The last entry seen at each child depth, to attach `->` lines to. */
  const lastAtDepth: number[] = [];
  const lines = String(text ?? '').split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = index + 1;
    const raw = lines[index]!.trim();
    if (raw === '' || raw.startsWith('//')) continue;
    const looksLikeDirective = /^#(?:SPELLCHECK_OFF|VARIATION_OFF|ID_ON|ALIAS:)/.test(raw);
    if (raw.startsWith('#') && (entries.length === 0 || looksLikeDirective)) {
      if (entries.length > 0) {
        errors.push(error('dictionarySyntax', line, { detail: raw }, 'directives go above the first entry'));
        continue;
      }
      const alias = /^#ALIAS:([A-Za-z_][\w-]*)=(.+)$/.exec(raw);
      if (raw === '#SPELLCHECK_OFF') directives.spellcheck = false;
      else if (raw === '#VARIATION_OFF') directives.variation = false;
      else if (raw === '#ID_ON') directives.idOn = true;
      else if (alias) aliases.set(alias[1]!, alias[2]!);
      else errors.push(error('dictionarySyntax', line, { detail: raw }, `unknown directive ${raw}`));
      continue;
    }
    const arrow = /^(-+)>/.exec(raw);
    const depth = arrow ? arrow[1]!.length : 0;
    const body = arrow ? raw.slice(arrow[0].length) : raw;
    let parent = -1;
    if (depth > 0) {
      parent = lastAtDepth[depth - 1] ?? -1;
      if (parent < 0) {
        errors.push(error('dictionarySyntax', line, { detail: '->' }, 'a child line -> needs an entry above it'));
        continue;
      }
    }
    const items = splitItems(body);
    if (items.length === 0) continue;
    if (directives.idOn && items.length < 2) {
      errors.push(error('dictionarySyntax', line, { detail: items[0]! }, 'under #ID_ON a line is id;expression;…'));
      continue;
    }
    const matched = directives.idOn ? items.slice(1) : items;
    const expressions: Expression[] = [];
    for (const item of matched) {
      const expression = parseExpression(item, line, language, aliases, errors);
      if (expression) expressions.push(expression);
    }
    if (expressions.length === 0) continue;
    const first = expressions[0]!;
    const valueFromMatch = !directives.idOn && first.text === items[0] && first.elements.some((e) => e.kind !== 'word');
    entries.push({
      line,
      value: directives.idOn ? items[0]! : items[0]!,
      label: matched[0]!,
      valueFromMatch,
      expressions,
      parent,
    });
    lastAtDepth[depth] = entries.length - 1;
    lastAtDepth.length = depth + 1;
  }
  return { directives, aliases, entries, errors };
}
