/**
 * The files viewer (spec §2.4): MSG, EML, PDF, text, JSON, images and whole folders, read entirely in
 * this browser. Each file is parsed in a web worker of a small pool with a deadline; nothing is sent.
 */
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { createBrowserParsePool } from '../../parsing/browser-pool';
import type { ParsePool } from '../../parsing/pool';
import type { Attachment } from '../../parsing/model';
import { consumeLaunchQueue, fromDrop, fromFileList, type PickedFile } from '../../ui/file-views/open-files';
import { FileView } from '../../ui/file-views/file-view';
import { detectKind } from '../../parsing/detect';
import type { Entry } from './entry';
import { FileTree } from './file-tree';
import { warmPdfWorker } from '../../ui/file-views/pdf-view';
import { EmptyState } from '../../ui/empty-state';

let nextId = 1;
const NO_BYTES = new Uint8Array();

// The analysis's picker and evidence view load when a file is shown; its engines load in its worker.
const AnalyseWithEnvironment = lazy(() => import('../../ui/file-analysis/analyse-with-environment').then((m) => ({ default: m.AnalyseWithEnvironment })));

export function FilesViewerPage() {
  const { t } = useTranslation('filesViewer');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [selected, setSelected] = useState<number>();
  const [dragging, setDragging] = useState(false);
  const poolRef = useRef<ParsePool | null>(null);
  /** Parses in flight, and whether pdf.js's worker waits for them to end before it starts. */
  const parsing = useRef({ count: 0, warmAfter: false });
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    poolRef.current = createBrowserParsePool();
    poolRef.current.warm();
    // When the page is idle: pdf.js's own worker, so the first PDF does not wait for it either. Not
    // while files are parsing: its 1.4 MB of code would compete with the parse worker for the cores
    // (it then starts once they are done, or at once with the first PDF drawn).
    const idle = window.requestIdleCallback?.(
      () => {
        if (parsing.current.count === 0) warmPdfWorker();
        else parsing.current.warmAfter = true;
      },
      { timeout: 1000 },
    );
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      poolRef.current?.close();
    };
  }, []);

  // Transitions: React renders the tree and the views in slices of a few ms instead of in one task
  // (a folder of 43 files took 30-60 ms in the change event alone).
  const update = (id: number, change: Partial<Entry>) =>
    startTransition(() => setEntries((list) => list.map((entry) => (entry.id === id ? { ...entry, ...change } : entry))));

  // A shown PDF's page 1 goes first: its parse (metadata and embedded files only) waits for that
  // paint, or 2 s at most, instead of loading a second copy of pdf.js on the same cores meanwhile.
  const firstPaints = useRef(new Map<number, () => void>());
  const painted = useCallback((id: number) => firstPaints.current.get(id)?.(), []);

  const parseWith = useCallback(async (id: number, name: string, source: Uint8Array | Blob) => {
    const pool = poolRef.current ?? (poolRef.current = createBrowserParsePool());
    parsing.current.count++;
    try {
      // PDF page text is read by the view, per page, when shown or searched (see pdf-view.tsx).
      return await pool.parse(name, source, (progress) => update(id, { progress }), { pdfPageText: false });
    } finally {
      if (--parsing.current.count === 0 && parsing.current.warmAfter) {
        parsing.current.warmAfter = false;
        warmPdfWorker();
      }
    }
  }, []);

  /** `file`, when given, goes to the worker instead of a copy of `bytes` (no 25 MB copy on this thread). */
  const parseOne = useCallback(async (id: number, name: string, bytes: Uint8Array, shown = false, file?: File) => {
    if (shown && detectKind(name, bytes) === 'pdf') {
      await new Promise<void>((resolve) => {
        firstPaints.current.set(id, resolve);
        setTimeout(resolve, 2000);
      });
      firstPaints.current.delete(id);
    }
    update(id, { status: 'parsing' });
    // The worker reads the file itself, or receives its own copy; the page keeps its bytes for rendering and downloads.
    const result = await parseWith(id, name, file ?? bytes.slice());
    // The worker's own read of `file`, handed back: this page already holds the bytes.
    delete result.input;
    update(id, { status: result.ok ? 'done' : 'error', progress: 1, result });
  }, [parseWith]);

  const open = useCallback(
    async (picked: PickedFile[]) => {
      if (picked.length === 0) return;
      const fresh = picked
        .sort((a, b) => a.path.localeCompare(b.path))
        .map((item) => ({ item, entry: { id: nextId++, path: item.path, name: item.file.name, contentType: item.file.type, status: 'waiting', progress: 0 } as Entry }));
      startTransition(() => {
        setEntries(fresh.map(({ entry }) => entry));
        setSelected(fresh[0]!.entry.id);
      });
      await Promise.all(
        fresh.map(async ({ item, entry }, index) => {
          // Told by its name: reading each file's first bytes on this thread took 2-3 ms per file (a
          // folder of 43 mails: 90-140 ms in profiles). A PDF under another name is parsed, then drawn.
          if (detectKind(item.file.name, NO_BYTES) === 'pdf') {
            // A PDF is drawn from the page's bytes at once; its parse (embedded files) comes after.
            const bytes = new Uint8Array(await item.file.arrayBuffer());
            update(entry.id, { bytes });
            await parseOne(entry.id, item.file.name, bytes, index === 0, item.file);
            return;
          }
          // Anything else is shown from its model: the worker reads the file and hands its bytes back
          // with the model (downloads, raw views), so this page reads no copy of its own. Read here only
          // when the worker could not answer (deadline, crash).
          update(entry.id, { status: 'parsing' });
          const result = await parseWith(entry.id, item.file.name, item.file);
          const bytes = result.input ?? new Uint8Array(await item.file.arrayBuffer());
          update(entry.id, { bytes, status: result.ok ? 'done' : 'error', progress: 1, result });
        }),
      );
    },
    [parseOne, parseWith],
  );

  useEffect(() => consumeLaunchQueue((files) => void open(files)), [open]);

  const openAttachment = useCallback((parent: Entry, attachment: Attachment, bytes: Uint8Array) => {
    const entry: Entry = { id: nextId++, path: `${parent.path} › ${attachment.name}`, name: attachment.name, contentType: attachment.contentType, parentId: parent.id, status: 'waiting', progress: 0, bytes };
    setEntries((list) => {
      const at = list.findIndex((item) => item.id === parent.id);
      return [...list.slice(0, at + 1), entry, ...list.slice(at + 1)];
    });
    setSelected(entry.id);
    void parseOne(entry.id, attachment.name, bytes, true);
  }, [parseOne]);

  const current = entries.find((entry) => entry.id === selected);
  // Kept while the shown entry is unchanged (an update replaces only its own entry), so its analysis
  // panel is not drawn again for every other file parsed.
  const currentFile = useMemo(() => current?.bytes && { name: current.name, contentType: current.contentType, bytes: current.bytes }, [current]);

  return (
    <section
      className={`p-page p-fv${dragging ? ' p-fv--dragging' : ''}`}
      data-testid="files-viewer"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void fromDrop(event.dataTransfer).then(open);
      }}
    >
      <div className="p-page__header">
        <h1 className="p-page__title">{t('routes:filesViewer' as never)}</h1>
        <div>
          <Button intent="primary" text={t('openFiles')} onClick={() => filesInput.current?.click()} />{' '}
          <Button text={t('openFolder')} onClick={() => folderInput.current?.click()} />
        </div>
      </div>
      <input ref={filesInput} type="file" multiple hidden data-testid="file-input" onChange={(event) => void open(fromFileList(event.target.files))} />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="folder-input"
        {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
        onChange={(event) => void open(fromFileList(event.target.files))}
      />
      <Callout intent="primary" compact data-testid="privacy-banner">{t('banner')}</Callout>
      {entries.length === 0 ? (
        <EmptyState title={t('empty')} description={t('drop')} />
      ) : (
        <div className="p-fv-layout" style={{ display: 'flex', gap: 16, marginTop: 12, alignItems: 'flex-start' }}>
          {entries.length > 1 && (
            <nav aria-label={t('files')} className="p-fv-list" style={{ width: 320, flex: 'none' }}>
              <FileTree entries={entries} selected={selected} onSelect={setSelected} />
            </nav>
          )}
          <div className="p-fv-view" style={{ flex: 1, minWidth: 0 }}>
            {current && currentFile && (
              <Suspense fallback={null}>
                <AnalyseWithEnvironment key={current.id} file={currentFile} />
              </Suspense>
            )}
            {current && <FileView entry={current} onOpenAttachment={openAttachment} onFirstPaint={painted} />}
          </div>
        </div>
      )}
    </section>
  );
}
