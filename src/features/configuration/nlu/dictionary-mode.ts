/**
 * Highlighting of the archetype dictionary syntax (docs/guide/use-case-nlu.md): `#DIRECTIVE` lines, `//` comments,
 * `->id;label` child lines, `;` separators, `[[archetype]]` references and `<<regex>>` patterns.
 * A CodeMirror stream parser: line-based like the syntax itself, no grammar build step.
 */
import type { StringStream, StreamParser } from '@codemirror/language';

export type DictionaryToken = 'comment' | 'meta' | 'operator' | 'punctuation' | 'link' | 'regexp' | null;

function closeWith(stream: StringStream, close: string): void {
  if (stream.skipTo(close)) stream.match(close);
  else stream.skipToEnd();
}

export function dictionaryToken(stream: StringStream): DictionaryToken {
  if (stream.sol()) {
    stream.eatSpace();
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^#[A-Z_]+/)) {
      stream.skipToEnd();
      return 'meta';
    }
    if (stream.match('->')) return 'operator';
    if (stream.pos > stream.start) return null;
  }
  if (stream.match('[[')) {
    closeWith(stream, ']]');
    return 'link';
  }
  if (stream.match('<<')) {
    closeWith(stream, '>>');
    return 'regexp';
  }
  if (stream.eat(';')) return 'punctuation';
  stream.next();
  while (!stream.eol() && !stream.match(/^(;|\[\[|<<)/, false)) stream.next();
  return null;
}

export const dictionaryParser: StreamParser<null> = {
  name: 'archetype-dictionary',
  startState: () => null,
  token: (stream) => dictionaryToken(stream),
  languageData: { commentTokens: { line: '//' } },
};
