/**
 * "New analysis": a main file and attachments (chosen or dropped), optional name and metadata. The §5
 * upload rules are checked as files are added, before anything is sent; the upload shows its
 * progress and can be cancelled; a refusal of the server (400 uploadRejected) lists its problems.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Classes, DialogBody, DialogFooter, InputGroup, ProgressBar, TextArea } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { upload } from '../../api/upload';
import { isApiError } from '../../api/errors';
import { requestErrorText } from '../../ui/input-errors';
import { createAnalysis } from '../../contract/analyses';
import { UPLOAD_LIMITS, uploadProblems, type UploadProblem } from '../../contract/uploads';
import { usePreferences } from '../../storage/preferences';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { FileDrop } from '../../ui/file-drop';
import { metadataProblemText, readMetadata, serverMetadataProblem } from './metadata-problems';
import { rejectedProblems, UploadProblems } from '../../ui/upload-problems';
import { formatBytes } from './status-tag';
import { Field, Form } from '../../ui/form';

function FileLine({ file, onRemove, removeLabel }: { file: File; onRemove: () => void; removeLabel: string }) {
  const { language } = usePreferences();
  return (
    <li style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
      <span>{file.name}</span>
      <span className={Classes.TEXT_MUTED}>{formatBytes(file.size, language)}</span>
      <Button minimal small icon="small-cross" aria-label={removeLabel} onClick={onRemove} />
    </li>
  );
}

export interface NewAnalysisDialogProps {
  envId: string;
  onClose: () => void;
  onCreated: () => void;
  /** The metadata field (programs' key/values); the self-service area leaves it out. */
  withMetadata?: boolean;
  /** A refusal the caller shows itself (the self-service quota); true closes the dialog without a toast. */
  onRefused?: (error: unknown) => boolean;
}

export function NewAnalysisDialog({ envId, onClose, onCreated, withMetadata = true, onRefused }: NewAnalysisDialogProps) {
  const { t } = useTranslation('analyses');
  const { language } = usePreferences();
  const [main, setMain] = useState<File | null>(null);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [name, setName] = useState('');
  const [metadataText, setMetadataText] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<UploadProblem[]>([]);
  const abort = useRef<AbortController | null>(null);

  const files = useMemo(() => (main ? [main, ...attachments] : attachments), [main, attachments]);
  const touched = files.length > 0;
  // Nothing to say before the first file; attachments without a main file say a main file is needed.
  const problems = useMemo((): UploadProblem[] => {
    if (!touched) return [];
    const found = uploadProblems(files);
    return main ? found : [{ code: 'noMainFile' }, ...found.filter((problem) => problem.code !== 'noMainFile')];
  }, [main, files, touched]);
  // Checked as it is typed, with the contract's bounds: nothing over them is sent.
  const { metadata, problem: metadataProblem } = readMetadata(metadataText);
  const sending = progress !== null;

  const addMain = (chosen: File[]) => {
    const [first, ...rest] = chosen;
    if (!first) return;
    setRejected([]);
    setMain(first);
    if (rest.length > 0) setAttachments((current) => [...current, ...rest]);
  };
  const addAttachments = (chosen: File[]) => {
    setRejected([]);
    setAttachments((current) => [...current, ...chosen]);
  };

  const send = async () => {
    if (!main || problems.length > 0 || metadata === undefined) return;
    const body = new FormData();
    // Text parts first: the server reads the parts in order.
    if (name.trim()) body.append('name', name.trim());
    if (Object.keys(metadata).length > 0) body.append('metadata', JSON.stringify(metadata));
    body.append('file', main, main.name);
    for (const file of attachments) body.append('attachments', file, file.name);
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    try {
      const created = await upload(createAnalysis, {
        params: { envId },
        body,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : 0),
      });
      toast.success({ summary: tr('analyses:upload.sent'), detail: created.name });
      onCreated();
      onClose();
    } catch (error) {
      setProgress(null);
      if (isApiError(error, 'aborted')) return;
      if (onRefused?.(error)) {
        onClose();
        return;
      }
      const listed = rejectedProblems(error);
      const refusedMetadata = serverMetadataProblem(error);
      if (listed.length > 0) setRejected(listed);
      else if (refusedMetadata !== undefined) {
        toast.error({ summary: tr('analyses:upload.failed'), detail: metadataProblemText(t, refusedMetadata, language) });
      } else toast.error({ summary: tr('analyses:upload.failed'), detail: requestErrorText(error) });
    } finally {
      abort.current = null;
    }
  };

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  return (
    <Dialog isOpen onClose={close} title={t('upload.title')} icon="cloud-upload" style={{ width: 640 }}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>
            {t('upload.limits', {
              count: UPLOAD_LIMITS.maxFiles,
              file: formatBytes(UPLOAD_LIMITS.maxFileBytes, language),
              total: formatBytes(UPLOAD_LIMITS.maxTotalBytes, language),
            })}
          </p>
          <Field label={t('upload.mainFile')}>
            <FileDrop label={t('upload.chooseMain')} hint={t('upload.drop')} multiple onFiles={addMain} testId="main-file-drop">
              {main && (
                <ul data-testid="main-file" style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0' }}>
                  <FileLine file={main} removeLabel={t('upload.remove', { name: main.name })} onRemove={() => setMain(null)} />
                </ul>
              )}
            </FileDrop>
          </Field>
          <Field label={t('upload.attachments')}>
            <FileDrop label={t('upload.chooseAttachments')} hint={t('upload.dropAttachments')} multiple onFiles={addAttachments} testId="attachments-drop">
              {attachments.length > 0 && (
                <ul data-testid="attachment-files" style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0' }}>
                  {attachments.map((file, index) => (
                    <FileLine
                      key={`${file.name}-${index}`}
                      file={file}
                      removeLabel={t('upload.remove', { name: file.name })}
                      onRemove={() => setAttachments((current) => current.filter((_, i) => i !== index))}
                    />
                  ))}
                </ul>
              )}
            </FileDrop>
          </Field>
          <UploadProblems problems={rejected.length > 0 ? rejected : problems} />
          <Field label={t('upload.name')} labelFor="analysis-name">
            <InputGroup id="analysis-name" value={name} maxLength={200} onValueChange={setName} />
          </Field>
          {withMetadata && (
          <Field
            label={t('upload.metadata')}
            labelFor="analysis-metadata"
            intent={metadataProblem ? 'danger' : 'none'}
            helperText={metadataProblem ? <span role="alert">{metadataProblemText(t, metadataProblem, language)}</span> : undefined}
          >
            <TextArea id="analysis-metadata" fill rows={3} value={metadataText} onChange={(event) => setMetadataText(event.currentTarget.value)} placeholder='{"client": "42"}' />
          </Field>
          )}
          {sending && (
            <div role="status" aria-live="polite">
              <ProgressBar value={progress} intent="primary" stripes={progress < 1} />
              <span>{t('upload.sending', { percent: Math.round(progress * 100) })}</span>
            </div>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('upload.cancel')} onClick={close} />
              <Button type="submit" intent="primary" text={t('upload.send')} loading={sending} disabled={!main || problems.length > 0 || metadata === undefined} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
