/** The reply template's Liquid editor (shared code editor and Liquid mode); loaded lazily so CodeMirror weighs only here. */
import { StreamLanguage } from '@codemirror/language';
import { CodeEditor, type CodeEditorProps } from '../../../ui/code-editor';
import { liquidParser } from '../../../ui/liquid-mode';

const liquid = StreamLanguage.define(liquidParser);

export default function ReplyLiquidEditor(props: CodeEditorProps) {
  return <CodeEditor {...props} language={liquid} testId="reply-liquid-editor" />;
}
