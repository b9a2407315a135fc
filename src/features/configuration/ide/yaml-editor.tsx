/**
 * The IDE's YAML editor: the shared code editor (src/ui/code-editor.tsx) with YAML, key completion
 * from the configuration's JSON Schema (generated from the contract's zod schemas) and the IDE's
 * problems as diagnostics on their lines; `goTo` moves the cursor to a line and scrolls to it.
 * Loaded lazily (React.lazy) so CodeMirror and the schema weigh only on this screen.
 */
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { yaml } from '@codemirror/lang-yaml';
import { highlightActiveLineGutter } from '@codemirror/view';
import { CodeEditor } from '../../../ui/code-editor';
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

const YAML = yaml();
const EXTENSIONS = [highlightActiveLineGutter(), autocompletion({ override: [configurationKeyCompletion] })];

export default function YamlEditor({ value, onChange, problems, goTo, label, readOnly }: YamlEditorProps) {
  return (
    <CodeEditor<EditorProblem>
      value={value}
      onChange={onChange}
      errors={problems}
      label={label}
      readOnly={readOnly}
      language={YAML}
      extensions={EXTENSIONS}
      keymap={completionKeymap}
      goTo={goTo}
      className="p-config-ide__editor"
      testId="configuration-ide-editor"
    />
  );
}
