/**
 * A small CodeMirror stream mode for Liquid (tags `{% %}`, outputs `{{ }}`, strings, numbers,
 * keywords, filters, comments), shared by the advanced categorization program and the reply templates,
 * without the weight of @codemirror/lang-liquid and its HTML, CSS and JavaScript languages (both
 * print text, not HTML).
 */
import type { StreamParser } from '@codemirror/language';

interface LiquidState {
  /** Inside `{% … %}` or `{{ … }}`: the closing delimiter; null in plain text. */
  inside: '%}' | '}}' | null;
  /** Inside `{% comment %}` … `{% endcomment %}`. */
  comment: boolean;
}

const KEYWORDS = new Set(['if', 'elsif', 'else', 'endif', 'unless', 'endunless', 'for', 'endfor', 'in', 'case', 'when', 'endcase', 'assign', 'capture', 'endcapture', 'break', 'continue', 'and', 'or', 'contains', 'limit', 'offset', 'reversed', 'raw', 'endraw', 'cycle', 'increment', 'decrement', 'echo', 'liquid', 'tablerow', 'endtablerow']);
const ATOMS = new Set(['true', 'false', 'nil', 'null', 'empty', 'blank']);

export const liquidParser: StreamParser<LiquidState> = {
  name: 'liquid',
  startState: () => ({ inside: null, comment: false }),
  token(stream, state) {
    if (state.comment) {
      if (stream.match(/^\{%-?\s*endcomment\s*-?%\}/)) {
        state.comment = false;
        return 'comment';
      }
      stream.next();
      return 'comment';
    }
    if (state.inside === null) {
      if (stream.match(/^\{%-?\s*comment\s*-?%\}/)) {
        state.comment = true;
        return 'comment';
      }
      if (stream.match(/^\{%-?/)) {
        state.inside = '%}';
        return 'meta';
      }
      if (stream.match(/^\{\{-?/)) {
        state.inside = '}}';
        return 'meta';
      }
      // Plain text up to the next delimiter.
      if (!stream.skipTo('{')) stream.skipToEnd();
      else if (stream.pos === stream.start) stream.next();
      return null;
    }
    if (stream.eatSpace()) return null;
    if (stream.match(state.inside === '%}' ? /^-?%\}/ : /^-?\}\}/)) {
      state.inside = null;
      return 'meta';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(?:\.\d+)?/)) return 'number';
    if (stream.match(/^\|\s*[A-Za-z_][\w-]*/)) return 'operator';
    if (stream.match(/^(?:==|!=|<=|>=|<|>)/)) return 'operator';
    const word = stream.match(/^[A-Za-z_][\w-]*\??/) as RegExpMatchArray | null;
    if (word) return KEYWORDS.has(word[0]) ? 'keyword' : ATOMS.has(word[0]) ? 'atom' : 'variableName';
    stream.next();
    return null;
  },
};
