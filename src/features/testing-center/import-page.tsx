/**
 * messages-bank/import: several files, a folder, or a drop of either (folders read recursively), each
 * file becoming one bank message. Files the §5 upload rules refuse are shown with the reason and not
 * sent; the others go one after the other with their progress, with the tags typed above. Below,
 * sampling production analyses of an environment (sampling-panel.tsx).
 */
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { TagInput } from '../../ui/tag-input';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { upload } from '../../api/upload';
import { MAX_TAGS } from '../../contract/testing-center';
import { importBankMessage } from '../../contract/testing-center-bank';
import { UPLOAD_LIMITS } from '../../contract/uploads';
import { fromDrop, fromFileList, type PickedFile } from '../../ui/file-views/open-files';
import { useDropTarget } from '../../ui/file-drop';
import { formatBytes } from '../../ui/format-bytes';
import { rejectedProblems, UploadProblems } from '../../ui/upload-problems';
import { usePreferences } from '../../storage/preferences';
import { errorMessage } from '../../api/errors';
import { importSummary, queueItems, withoutHiddenFiles, type ImportItem } from './import-queue';
import { bankQueries } from './queries';
import { SamplingPanel } from './sampling-panel';
import { Field } from '../../ui/form';
import { DataTable } from '../../ui/data-table';

export function ImportPage() {
  const { t } = useTranslation('testingCenter');
  const { language } = usePreferences();
  const projectId = useParams().projectId ?? '';
  const queryClient = useQueryClient();
  const [items, setItems] = useState<ImportItem[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [running, setRunning] = useState(false);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);

  const update = (key: string, change: Partial<ImportItem>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const add = (picked: PickedFile[]) => setItems((list) => [...list, ...queueItems(withoutHiddenFiles(picked))]);
  const dropTarget = useDropTarget('1rem', (data) => void fromDrop(data).then(add));

  const send = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    for (const item of items.filter((entry) => entry.status === 'waiting' || entry.status === 'failed')) {
      if (controller.signal.aborted) break;
      update(item.key, { status: 'sending', progress: 0, error: null });
      const body = new FormData();
      body.append('file', item.file, item.file.name);
      try {
        const message = await upload(importBankMessage, {
          params: { projectId },
          query: { tags },
          body,
          signal: controller.signal,
          onProgress: ({ loaded, total }) => update(item.key, { progress: total > 0 ? loaded / total : 0 }),
        });
        update(item.key, { status: 'done', progress: 1, messageId: message.id });
      } catch (error) {
        const problems = rejectedProblems(error);
        update(item.key, problems.length > 0 ? { status: 'refused', problems } : { status: 'failed', error: controller.signal.aborted ? t('import.cancelled') : errorMessage(error) });
      }
    }
    setRunning(false);
    abort.current = null;
    await queryClient.invalidateQueries({ queryKey: bankQueries.all(projectId) });
  };

  const summary = importSummary(items);
  const sendable = items.some((item) => item.status === 'waiting' || item.status === 'failed');

  return (
    <div className="p-bank-import" data-testid="bank-import">
      <h1 className="p-page__title">{t('import.title')}</h1>
      <p className="bp6-text-muted">{t('import.help', { max: formatBytes(UPLOAD_LIMITS.maxFileBytes, language) })}</p>
      <Field label={t('import.tags')} labelFor="import-tags" helperText={t('tags.help')}>
        <TagInput
          inputProps={{ id: 'import-tags' }}
          values={tags}
          addOnBlur
          separator={/[,\n]/}
          onChange={(values) => setTags([...new Set(values.map((value) => String(value).trim()).filter((value) => value !== '' && value.length <= 50))].slice(0, MAX_TAGS))}
        />
      </Field>
      <div data-testid="import-drop" {...dropTarget}>
        <p style={{ marginTop: 0 }}>{t('import.drop')}</p>
        <Button icon="document-open" text={t('import.chooseFiles')} onClick={() => filesInput.current?.click()} disabled={running} />{' '}
        <Button icon="folder-open" text={t('import.chooseFolder')} onClick={() => folderInput.current?.click()} disabled={running} />
        <input ref={filesInput} type="file" multiple aria-label={t('import.chooseFiles')} tabIndex={-1} style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }} onChange={(event) => {
          add(fromFileList(event.currentTarget.files));
          event.currentTarget.value = '';
        }} />
        <input
          ref={(node) => {
            folderInput.current = node;
            // Not in React's typings: a folder chooser.
            node?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          aria-label={t('import.chooseFolder')}
          tabIndex={-1}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          onChange={(event) => {
            add(fromFileList(event.currentTarget.files));
            event.currentTarget.value = '';
          }}
        />
      </div>

      {items.length > 0 && (
        <>
          <div className="p-toolbar" style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', margin: '0.75rem 0' }}>
            <Button intent="primary" icon="cloud-upload" text={t('import.send', { count: items.filter((item) => item.status === 'waiting' || item.status === 'failed').length })} disabled={!sendable || running} loading={running} onClick={() => void send()} />
            {running && <Button text={t('import.cancel')} onClick={() => abort.current?.abort()} />}
            {!running && <Button minimal text={t('import.clear')} onClick={() => setItems([])} />}
            <span aria-live="polite" data-testid="import-summary">
              {t('import.summary', summary)}
            </span>
            {summary.done > 0 && !running && <Link to={paths.messagesBank(projectId)}>{t('import.openBank')}</Link>}
          </div>
          <DataTable className="p-table" compact striped data-testid="import-list">
            <thead>
              <tr>
                <th>{t('import.file')}</th>
                <th>{t('import.size')}</th>
                <th>{t('import.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.key} data-import-file={item.file.name} data-import-status={item.status}>
                  <td>{item.path}</td>
                  <td>{formatBytes(item.file.size, language)}</td>
                  <td style={{ minWidth: 220 }}>
                    {item.status === 'sending' ? (
                      <ProgressBar value={item.progress || undefined} aria-label={t('import.statuses.sending')} />
                    ) : item.status === 'refused' ? (
                      <UploadProblems problems={item.problems} />
                    ) : item.status === 'failed' ? (
                      <Callout intent="danger" compact>{item.error}</Callout>
                    ) : (
                      t(`import.statuses.${item.status}`)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </>
      )}

      <SamplingPanel projectId={projectId} />
    </div>
  );
}
