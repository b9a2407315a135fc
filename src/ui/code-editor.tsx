/**
 * A CodeMirror 6 editor for one configuration text (archetype dictionaries, Liquid programs, the
 * configuration IDE's YAML): line numbers, history, the given language, and problems as diagnostics
 * on their lines. Screens add what is theirs (completion, more keys) through `extensions` and
 * `keymap`, and map their own problem type to a line diagnostic with `toDiagnostic`. Import it only
 * from a lazily loaded module (React.lazy), so CodeMirror never weighs on screens without an editor.
 */
import { useEffect, useRef } from 'react';
import { EditorSelection, EditorState, type Extension } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap as keymapFacet, lineNumbers, type KeyBinding } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';

export interface LineError {
  line: number;
  message: string;
  severity?: 'error' | 'warning';
}

export interface CodeEditorProps<P = LineError> {
  value: string;
  onChange: (value: string) => void;
  /** The problems shown on their lines: `LineError`s, or any type `toDiagnostic` maps to one. */
  errors: readonly P[];
  /** The accessible name of the editing area. */
  label: string;
  readOnly?: boolean;
}

export interface CodeEditorSetup<P> {
  language: Extension;
  testId: string;
  /** Extra extensions of the screen (completion, gutters…), after the common ones. */
  extensions?: readonly Extension[];
  /** Extra key bindings, tried before the default ones (e.g. the completion keys). */
  keymap?: readonly KeyBinding[];
  /** Maps the screen's problem type to a line diagnostic; without it `errors` are `LineError`s. */
  toDiagnostic?: (problem: P) => LineError;
  /** Move the cursor to this line and focus; a new object each time, so the same line can be asked twice. */
  goTo?: { line: number } | null;
  className?: string;
}

function toDiagnostics<P>(state: EditorState, errors: readonly P[], map: (problem: P) => LineError): Diagnostic[] {
  return errors
    .map(map)
    .filter((error) => error.line >= 1 && error.line <= state.doc.lines)
    .map((error) => {
      const line = state.doc.line(error.line);
      return { from: line.from, to: line.to, severity: error.severity ?? 'error', message: error.message };
    });
}

const asLineError = (problem: unknown) => problem as LineError;

export function CodeEditor<P = LineError>({
  value,
  onChange,
  errors,
  label,
  readOnly = false,
  language,
  testId,
  extensions = [],
  keymap = [],
  toDiagnostic,
  goTo = null,
  className,
}: CodeEditorProps<P> & CodeEditorSetup<P>) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const mapper = useRef(toDiagnostic ?? asLineError);
  useEffect(() => {
    mapper.current = toDiagnostic ?? asLineError;
  }, [toDiagnostic]);

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
          keymapFacet.of([...keymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          language,
          syntaxHighlighting(defaultHighlightStyle),
          lintGutter(),
          ...extensions,
          EditorState.readOnly.of(readOnly),
          // tabindex: axe-core counts only tab stops it knows (not contenteditable) when it checks that the
          // scrolling box can be reached by keyboard (scrollable-region-focusable); the content already is one.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
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
    if (current) current.dispatch(setDiagnostics(current.state, toDiagnostics(current.state, errors, mapper.current as (problem: P) => LineError)));
  }, [errors]);

  useEffect(() => {
    const current = view.current;
    if (!current || goTo === null) return;
    const line = current.state.doc.line(Math.min(Math.max(goTo.line, 1), current.state.doc.lines));
    current.dispatch({ selection: EditorSelection.cursor(line.from), effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
    current.focus();
  }, [goTo]);

  return <div ref={host} className={['p-dictionary-editor', className].filter(Boolean).join(' ')} data-testid={testId} />;
}
