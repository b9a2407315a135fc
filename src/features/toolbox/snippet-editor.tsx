/** The Liquid editor of an `extraction_snippet` component: the shared code editor in Liquid mode, loaded lazily. */
import { StreamLanguage } from '@codemirror/language';
import { CodeEditor, type CodeEditorProps } from '../../ui/code-editor';
import { liquidParser } from '../../ui/liquid-mode';

const liquid = StreamLanguage.define(liquidParser);

export default function SnippetEditor(props: CodeEditorProps) {
  return <CodeEditor {...props} language={liquid} testId="snippet-editor" />;
}
