/** The dictionary highlighting tokens: directives, comments, child lines, separators, references, regexes. */
import { describe, expect, it } from 'vitest';
import { StringStream } from '@codemirror/language';
import { dictionaryToken } from './dictionary-mode';

function tokens(line: string): [string, string | null][] {
  const stream = new StringStream(line, 2, 2);
  const out: [string, string | null][] = [];
  while (!stream.eol()) {
    const type = dictionaryToken(stream);
    out.push([line.slice(stream.start, stream.pos), type]);
    stream.start = stream.pos;
  }
  return out;
}

describe('dictionary highlighting', () => {
  it('marks directives and comment lines whole', () => {
    expect(tokens('#ALIAS:num=[0-9]+')).toEqual([['#ALIAS:num=[0-9]+', 'meta']]);
    expect(tokens('  // a comment; [[not]] a ref')).toEqual([['  // a comment; [[not]] a ref', 'comment']]);
  });

  it('splits an entry into words, separators, references and regexes', () => {
    expect(tokens('feat. [[artist]];<<(?P<n>\\d+)>> x;')).toEqual([
      ['feat. ', null],
      ['[[artist]]', 'link'],
      [';', 'punctuation'],
      ['<<(?P<n>\\d+)>>', 'regexp'],
      [' x', null],
      [';', 'punctuation'],
    ]);
  });

  it('marks the arrow of a child line and leaves an unclosed reference to the end of the line', () => {
    expect(tokens('->ID1;label')).toEqual([
      ['->', 'operator'],
      ['ID1', null],
      [';', 'punctuation'],
      ['label', null],
    ]);
    expect(tokens('a [[open')).toEqual([
      ['a ', null],
      ['[[open', 'link'],
    ]);
  });
});
