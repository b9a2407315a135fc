/**
 * The advanced categorization program editor: the shared code editor with Liquid highlighting and the
 * errors on their lines (a syntax error from a save or a test, "Syntax error in your configuration"
 * with its line). Loaded lazily so CodeMirror weighs only on this screen.
 */
import { StreamLanguage } from '@codemirror/language';
import { CodeEditor, type CodeEditorProps } from '../../../ui/code-editor';
import { liquidParser } from '../../../ui/liquid-mode';

const liquid = StreamLanguage.define(liquidParser);

export default function LiquidEditor(props: CodeEditorProps) {
  return <CodeEditor {...props} language={liquid} testId="liquid-editor" />;
}
