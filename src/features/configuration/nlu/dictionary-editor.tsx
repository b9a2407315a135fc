/**
 * The archetype dictionary editor: CodeMirror 6 with the dictionary highlighting and the errors as
 * inline diagnostics on their lines. Loaded lazily (React.lazy) so CodeMirror never weighs on the
 * login page or on screens without an editor.
 */
import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { StreamLanguage, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { dictionaryParser } from './dictionary-mode';

export interface LineError {
  line: number;
  message: string;
}

const dictionaryLanguage = StreamLanguage.define(dictionaryParser);

function toDiagnostics(state: EditorState, errors: readonly LineError[]): Diagnostic[] {
  return errors
    .filter((error) => error.line >= 1 && error.line <= state.doc.lines)
    .map((error) => {
      const line = state.doc.line(error.line);
      return { from: line.from, to: line.to, severity: 'error', message: error.message };
    });
}

export default function DictionaryEditor({
  value,
  onChange,
  errors,
  label,
  readOnly = false,
}: {
  value: string;
  onChange: (value: string) => void;
  errors: readonly LineError[];
  label: string;
  readOnly?: boolean;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          highlightActiveLine(),
          history(),
          // Tab indents inside the editor; Escape then Tab leaves it (CodeMirror's keyboard rule).
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          dictionaryLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The editor is created once per mount (the page keys it by language); later values come from typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    const current = view.current;
    if (current) current.dispatch(setDiagnostics(current.state, toDiagnostics(current.state, errors)));
  }, [errors]);

  return <div ref={host} className="p-dictionary-editor" data-testid="dictionary-editor" />;
}
