import { useEffect, useState } from 'react';
import { Alert, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { attachConfirmHandler, type PendingConfirm } from './dialog-service';
import { resolveMessage } from '../message';

/** Renders confirmation requests one at a time; Escape and outside clicks cancel. */
export function ConfirmLayer() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<PendingConfirm[]>([]);
  const current = queue[0];

  useEffect(() => attachConfirmHandler((request) => setQueue((q) => [...q, request])), []);

  const answer = (confirmed: boolean) => {
    current?.resolve(confirmed);
    setQueue((q) => q.slice(1));
  };

  return (
    <Alert
      isOpen={current !== undefined}
      canEscapeKeyCancel
      canOutsideClickCancel
      cancelButtonText={current?.cancelLabel ? resolveMessage(current.cancelLabel) : t('actions.cancel')}
      confirmButtonText={current?.confirmLabel ? resolveMessage(current.confirmLabel) : t('actions.confirm')}
      intent={current?.danger ? Intent.DANGER : Intent.PRIMARY}
      icon={current?.danger ? 'trash' : 'help'}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    >
      {current?.title && <h4 className="p-confirm__title">{resolveMessage(current.title)}</h4>}
      <p>{current ? resolveMessage(current.body) : ''}</p>
    </Alert>
  );
}
