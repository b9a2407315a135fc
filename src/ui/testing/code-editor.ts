/**
 * The CodeMirror view of a `CodeEditor` (src/ui/code-editor.tsx) in a component test. The editor's
 * host is in the page as soon as React commits, its view only once the mounting effect has run:
 * waiting for the host alone let a test reach an empty host on a busy machine.
 */
import { screen, waitFor } from '@testing-library/react';
import { EditorView } from '@codemirror/view';

export async function findCodeEditor(testId: string): Promise<EditorView> {
  const host = await screen.findByTestId(testId);
  return waitFor(() => {
    const view = EditorView.findFromDOM(host.querySelector<HTMLElement>('.cm-editor') ?? host);
    if (view === null) throw new Error(`no editor view in ${testId} yet`);
    return view;
  });
}
