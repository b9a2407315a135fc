/**
 * The IDE's YAML editor (CodeMirror 6): key completion from the configuration's JSON Schema
 * (generated from the contract's zod schemas), the problems as diagnostics on their lines, and a
 * `goTo` line that moves the cursor there and scrolls to it.
 * Loaded lazily (React.lazy) so CodeMirror and the schema weigh only on this screen.
 */
import { useEffect, useRef } from 'react';
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, type Text } from '@codemirror/state';
import { EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { configurationKeyCompletion } from './key-completion-source';

export interface EditorProblem {
  line: number;
  severity: 'error' | 'warning';
  message: string;
}

export interface YamlEditorProps {
  value: string;
  onChange: (value: string) => void;
  problems: readonly EditorProblem[];
  /** Move the cursor to this line; a new object each time, so the same line can be asked twice. */
  goTo: { line: number } | null;
  label: string;
  readOnly: boolean;
}

function toDiagnostics(doc: Text, problems: readonly EditorProblem[]): Diagnostic[] {
  return problems
    .filter((problem) => problem.line >= 1 && problem.line <= doc.lines)
    .map((problem) => {
      const line = doc.line(problem.line);
      return { from: line.from, to: line.to, severity: problem.severity, message: problem.message };
    });
}

export default function YamlEditor({ value, onChange, problems, goTo, label, readOnly }: YamlEditorProps) {
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
          highlightActiveLineGutter(),
          history(),
          // Tab indents inside the editor; Escape then Tab leaves it (CodeMirror's keyboard rule).
          keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          yaml(),
          autocompletion({ override: [configurationKeyCompletion] }),
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
    // Created once per mount; later values come from typing or the effect below.
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
    if (current) current.dispatch(setDiagnostics(current.state, toDiagnostics(current.state.doc, problems)));
  }, [problems]);

  useEffect(() => {
    const current = view.current;
    if (!current || goTo === null) return;
    const line = current.state.doc.line(Math.min(Math.max(goTo.line, 1), current.state.doc.lines));
    current.dispatch({ selection: EditorSelection.cursor(line.from), effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
    current.focus();
  }, [goTo]);

  return <div ref={host} className="p-dictionary-editor p-config-ide__editor" data-testid="configuration-ide-editor" />;
}
