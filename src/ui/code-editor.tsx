/**
 * A CodeMirror 6 editor for one configuration text (archetype dictionaries, Liquid programs): line
 * numbers, history, the given highlighting, and errors as diagnostics on their lines. Import it only
 * from a lazily loaded module (React.lazy), so CodeMirror never weighs on screens without an editor.
 */
import { useEffect, useRef } from 'react';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';

export interface LineError {
  line: number;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  errors: readonly LineError[];
  /** The accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
}

function toDiagnostics(state: EditorState, errors: readonly LineError[]): Diagnostic[] {
  return errors
    .filter((error) => error.line >= 1 && error.line <= state.doc.lines)
    .map((error) => {
      const line = state.doc.line(error.line);
      return { from: line.from, to: line.to, severity: 'error', message: error.message };
    });
}

export function CodeEditor({
  value,
  onChange,
  errors,
  label,
  readOnly = false,
  language,
  testId,
}: CodeEditorProps & { language: Extension; testId: string }) {
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
          language,
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
    // Created once per mount (pages key it, e.g. by language); later values come from typing or the effect below.
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

  return <div ref={host} className="p-dictionary-editor" data-testid={testId} />;
}
