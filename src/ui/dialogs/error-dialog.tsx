import { useEffect, useState } from 'react';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../dialog';
import { useTranslation } from 'react-i18next';
import { attachErrorDialogHandler, type ErrorDialogRequest } from './dialog-service';
import { resolveMessage } from '../message';
import { sanitizeDetail } from '../sanitize';

/** The dialog headed "Error" that an error toast opens (spec §4), with summary and sanitised detail. */
export function ErrorDialogLayer() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ErrorDialogRequest | undefined>();

  useEffect(() => attachErrorDialogHandler(setRequest), []);

  const detail = request?.detail === undefined ? '' : sanitizeDetail(resolveMessage(request.detail));
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
        {detail && <div className="p-error-dialog__detail" dangerouslySetInnerHTML={{ __html: detail }} />}
      </DialogBody>
      <DialogFooter actions={<Button text={t('actions.close')} onClick={() => setRequest(undefined)} autoFocus />} />
    </Dialog>
  );
}
