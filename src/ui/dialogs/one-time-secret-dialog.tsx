/**
 * A secret shown once (an access key's secret, a created user's temporary password): a copy button,
 * and no way to lose it by accident. Escape, a click outside or the close button ask first unless it
 * was copied, since nobody can show it again.
 */
import { useState } from 'react';
import { Button, Callout, DialogBody, DialogFooter, InputGroup, Intent } from '@blueprintjs/core';
import { Dialog } from '../dialog';
import { useTranslation } from 'react-i18next';
import { confirm } from './dialog-service';
import { toast } from '../toasts/toast-service';
import { tr } from '../message';

export interface OneTimeSecretDialogProps {
  /** Null while closed. */
  secret: string | null;
  title: string;
  warning: string;
  onClose: () => void;
}

export function OneTimeSecretDialog({ secret, title, warning, onClose }: OneTimeSecretDialogProps) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  const leave = async () => {
    if (copied || (await confirm({ title: tr('common:oneTimeSecret.leaveTitle'), body: tr('common:oneTimeSecret.leaveBody'), confirmLabel: tr('common:oneTimeSecret.leave'), danger: true }))) close();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      setCopied(true);
      toast.success({ summary: tr('common:oneTimeSecret.copied') });
    } catch {
      toast.error({ summary: tr('common:oneTimeSecret.copyFailed') });
    }
  };
  return (
    <Dialog isOpen={secret !== null} onClose={() => void leave()} title={title} icon="warning-sign">
      <DialogBody>
        <Callout intent={Intent.WARNING}>{warning}</Callout>
        <InputGroup readOnly value={secret ?? ''} className="p-secret" aria-label={title} onFocus={(event) => event.currentTarget.select()} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button icon={copied ? 'tick' : 'duplicate'} text={t(copied ? 'oneTimeSecret.copiedButton' : 'oneTimeSecret.copy')} onClick={() => void copy()} />
            <Button intent="primary" text={t('oneTimeSecret.done')} onClick={() => void leave()} />
          </>
        }
      />
    </Dialog>
  );
}
