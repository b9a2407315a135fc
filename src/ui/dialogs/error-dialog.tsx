import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../dialog';
import { useTranslation } from 'react-i18next';
import { attachErrorDialogHandler, type ErrorDialogRequest } from './dialog-service';
import { resolveMessage } from '../message';

// The detail is sanitised by DOMPurify, loaded with the first detail shown (precached for offline use).
const ErrorDetail = lazy(() => import('./error-detail').then((module) => ({ default: module.ErrorDetail })));

/** The dialog headed "Error" that an error toast opens (spec §4), with summary and sanitised detail. */
export function ErrorDialogLayer() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ErrorDialogRequest | undefined>();

  useEffect(() => attachErrorDialogHandler(setRequest), []);

  const detail = request?.detail === undefined ? '' : resolveMessage(request.detail);
  return (
    <Dialog
      isOpen={request !== undefined}
      onClose={() => setRequest(undefined)}
      title={t('error.title')}
      icon="error"
      className="p-error-dialog"
    >
      <DialogBody>
        <p className="p-error-dialog__summary">
          <strong>{resolveMessage(request?.summary ?? { key: 'common:error.generic' })}</strong>
        </p>
        {detail && (
          <Suspense fallback={null}>
            <ErrorDetail html={detail} />
          </Suspense>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('actions.close')} onClick={() => setRequest(undefined)} autoFocus />} />
    </Dialog>
  );
}
