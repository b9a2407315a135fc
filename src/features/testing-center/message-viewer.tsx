/**
 * A bank message shown as the files viewer shows files (src/ui/file-views): its original files are
 * fetched from the bank, parsed in the browser's parse workers, and drawn by the same views. One tab
 * per file (main file first); an attachment opened inside a mail is shown in place of it. Words
 * selected in it are handed to `onSelectText` with the file they come from.
 */
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { Callout, Tab, TabPanel, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/request';
import type { BankMessage, Evidence } from '../../contract/testing-center';
import { downloadBankFile } from '../../contract/testing-center-bank';
import { createBrowserParsePool } from '../../parsing/browser-pool';
import type { ParsePool } from '../../parsing/pool';
import { FileView, type ViewedFile } from '../../ui/file-views/file-view';
import { MailSelection } from '../../ui/file-views/mail-frame';
import { findText, showRange } from '../../ui/find-text';
import { errorMessage } from '../../api/errors';

let nextId = 1;

export interface MessageViewerHandle {
  /** Selects and shows the first place the words appear in the file shown (its mail frame included); false when they do not. */
  locate: (text: string) => boolean;
}

export const MessageViewer = forwardRef<
  MessageViewerHandle,
  {
    projectId: string;
    message: BankMessage;
    onSelectText?: (evidence: Evidence) => void;
    /** The main file is read: the names of the attachments a mail carries inside it (none for other files). */
    onMainParsed?: (attachments: string[]) => void;
  }
>(function MessageViewer({ projectId, message, onSelectText, onMainParsed }, ref) {
  const { t } = useTranslation('testingCenter');
  const pool = useRef<ParsePool | null>(null);
  const [fileId, setFileId] = useState(message.files[0]?.id ?? '');
  const [shown, setShown] = useState<ViewedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  // Read when a parse ends, without parsing again when the caller's function changes.
  const mainParsed = useRef(onMainParsed);
  useEffect(() => {
    mainParsed.current = onMainParsed;
  });
  // Words selected with the mouse or the keyboard (Shift+arrows) inside the message, once the selection ends.
  const selected = () => {
    const selection = window.getSelection();
    const quote = selection?.toString().trim() ?? '';
    if (!onSelectText || !shown || !selection || quote === '' || !section.current?.contains(selection.anchorNode)) return;
    onSelectText({ file: shown.path, quote });
  };

  useImperativeHandle(ref, () => ({
    locate: (text) => {
      const root = section.current;
      if (!root) return false;
      const frame = root.querySelector('iframe')?.contentDocument?.body;
      const range = findText(root, text) ?? (frame ? findText(frame, text) : null);
      if (range) showRange(range);
      return range !== null;
    },
  }));

  useEffect(() => {
    pool.current = createBrowserParsePool();
    return () => pool.current?.close();
  }, []);
  useEffect(() => setFileId(message.files[0]?.id ?? ''), [message.id, message.files]);

  useEffect(() => {
    const file = message.files.find((item) => item.id === fileId);
    if (!file) return;
    const controller = new AbortController();
    const id = nextId++;
    setError(null);
    setShown({ id, path: file.name, progress: 0 });
    void (async () => {
      try {
        const { blob } = await download(downloadBankFile, { params: { projectId, messageId: message.id, fileId: file.id }, signal: controller.signal });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        if (controller.signal.aborted) return;
        setShown({ id, path: file.name, progress: 0, bytes });
        const parser = pool.current ?? (pool.current = createBrowserParsePool());
        const result = await parser.parse(file.name, bytes.slice(), (progress) => !controller.signal.aborted && setShown((current) => (current?.id === id ? { ...current, progress } : current)), { pdfPageText: false });
        if (controller.signal.aborted) return;
        setShown({ id, path: file.name, progress: 1, bytes, result });
        if (file.role === 'main') mainParsed.current?.(result.ok && result.model.kind === 'email' ? result.model.email!.attachments.filter((item) => !item.inline).map((item) => item.name) : []);
      } catch (caught) {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      }
    })();
    return () => controller.abort();
  }, [projectId, message.id, message.files, fileId, t]);

  const openAttachment = (parent: ViewedFile, attachment: { name: string }, bytes: Uint8Array) => {
    const id = nextId++;
    setShown({ id, path: `${parent.path} › ${attachment.name}`, progress: 0, bytes });
    void pool.current?.parse(attachment.name, bytes.slice(), undefined, { pdfPageText: false }).then((result) => setShown((current) => (current?.id === id ? { ...current, progress: 1, result } : current)));
  };

  const content = error ? (
    <Callout intent="danger" title={t('qualification.fileError')}>
      {error}
    </Callout>
  ) : (
    shown && (
      <MailSelection.Provider value={onSelectText ? (quote) => onSelectText({ file: shown.path, quote }) : null}>
        <FileView entry={shown} onOpenAttachment={openAttachment} />
      </MailSelection.Provider>
    )
  );
  return (
    <section
      ref={section}
      aria-label={t('qualification.message')}
      data-testid="message-viewer"
      onMouseUp={selected}
      onKeyUp={(event) => event.shiftKey && event.key.startsWith('Arrow') && selected()}
    >
      {message.files.length > 1 && (
        <Tabs id="message-files" selectedTabId={fileId} onChange={(id) => setFileId(String(id))}>
          {message.files.map((file) => (
            <Tab key={file.id} id={file.id} title={file.name} />
          ))}
        </Tabs>
      )}
      {message.files.length > 1 ? (
        // The file shown is the selected tab's panel: the tab's aria-controls names it.
        <TabPanel parentId="message-files" id={fileId} selectedTabId={fileId} panel={<>{content}</>} />
      ) : (
        content
      )}
    </section>
  );
});
