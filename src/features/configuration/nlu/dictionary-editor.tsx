/**
 * The archetype dictionary editor: the shared code editor with the dictionary highlighting and the
 * errors as inline diagnostics on their lines. Loaded lazily (React.lazy) so CodeMirror never weighs
 * on the login page or on screens without an editor.
 */
import { StreamLanguage } from '@codemirror/language';
import { CodeEditor, type CodeEditorProps } from '../../../ui/code-editor';
import { dictionaryParser } from './dictionary-mode';

const dictionaryLanguage = StreamLanguage.define(dictionaryParser);

export default function DictionaryEditor(props: CodeEditorProps) {
  return <CodeEditor {...props} language={dictionaryLanguage} testId="dictionary-editor" />;
}
