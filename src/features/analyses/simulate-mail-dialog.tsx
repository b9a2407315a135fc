/**
 * "Simulate a mail" (§5): sender and recipient must contain an at-sign; subject, body and attachments
 * (checked against the §5 upload rules before sending, then sent in base64 as the contract says).
 */
import { useMemo, useState } from 'react';
import { Button, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { requestErrorText } from '../../ui/input-errors';
import { simulateMail } from '../../contract/analyses';
import { uploadProblems } from '../../contract/uploads';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { FileDrop } from '../../ui/file-drop';
import { rejectedProblems, UploadProblems } from '../../ui/upload-problems';
import { Field, Form } from '../../ui/form';

async function toBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // Chunks keep String.fromCharCode under the engine's argument limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const hasAtSign = (value: string) => value.trim().length >= 3 && value.includes('@');

export function SimulateMailDialog({ envId, onClose, onCreated }: { envId: string; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('analyses');
  const [name, setName] = useState('');
  const [sender, setSender] = useState('');
  const [recipient, setRecipient] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [attachments, setAttachments] = useState<File[]>([]);
  const [touched, setTouched] = useState({ sender: false, recipient: false });
  const [sending, setSending] = useState(false);
  const [rejected, setRejected] = useState<ReturnType<typeof rejectedProblems>>([]);

  // The mail itself is the main file: only the attachments' own rules apply here.
  const problems = useMemo(() => uploadProblems([{ name: 'mail.eml', size: 0 }, ...attachments]), [attachments]);
  const senderOk = hasAtSign(sender);
  const recipientOk = hasAtSign(recipient);
  const valid = senderOk && recipientOk && problems.length === 0;

  const send = async () => {
    setTouched({ sender: true, recipient: true });
    if (!valid) return;
    setSending(true);
    try {
      const created = await request(simulateMail, {
        params: { envId },
        body: {
          ...(name.trim() ? { name: name.trim() } : {}),
          sender: sender.trim(),
          recipient: recipient.trim(),
          subject,
          body,
          metadata: {},
          attachments: await Promise.all(attachments.map(async (file) => ({ name: file.name, contentBase64: await toBase64(file) }))),
        },
      });
      toast.success({ summary: tr('analyses:simulate.sent'), detail: created.name });
      onCreated();
      onClose();
    } catch (error) {
      const listed = rejectedProblems(error);
      if (listed.length > 0) setRejected(listed);
      else toast.error({ summary: tr('analyses:simulate.failed'), detail: requestErrorText(error) });
    } finally {
      setSending(false);
    }
  };

  const addressField = (id: 'sender' | 'recipient', value: string, set: (v: string) => void, ok: boolean) => {
    const showError = touched[id] && !ok;
    return (
      <Field label={t(`simulate.${id}`)} labelFor={`simulate-${id}`} intent={showError ? 'danger' : 'none'} helperText={showError ? t('simulate.atSign') : undefined}>
        <InputGroup
          id={`simulate-${id}`}
          // Not type="email": the server takes any address with an at-sign ("Alice <alice@…>"), the rule below.
          inputMode="email"
          required
          value={value}
          intent={showError ? 'danger' : 'none'}
          onValueChange={set}
          onBlur={() => setTouched((current) => ({ ...current, [id]: true }))}
        />
      </Field>
    );
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('simulate.title')} icon="envelope" style={{ width: 640 }}>
      <Form
        onRefused={() => setTouched({ sender: true, recipient: true })}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <DialogBody>
          <Field label={t('simulate.name')} labelFor="simulate-name">
            <InputGroup id="simulate-name" value={name} maxLength={200} onValueChange={setName} />
          </Field>
          {addressField('sender', sender, setSender, senderOk)}
          {addressField('recipient', recipient, setRecipient, recipientOk)}
          <Field label={t('simulate.subject')} labelFor="simulate-subject">
            <InputGroup id="simulate-subject" value={subject} maxLength={1000} onValueChange={setSubject} />
          </Field>
          <Field label={t('simulate.body')} labelFor="simulate-body">
            <TextArea id="simulate-body" fill rows={6} value={body} onChange={(event) => setBody(event.currentTarget.value)} />
          </Field>
          <Field label={t('simulate.attachments')}>
            <FileDrop label={t('upload.chooseAttachments')} hint={t('upload.dropAttachments')} multiple onFiles={(files) => { setRejected([]); setAttachments((current) => [...current, ...files]); }}>
              {attachments.length > 0 && (
                <ul style={{ listStyle: 'none', padding: 0, margin: '0.5rem 0 0' }}>
                  {attachments.map((file, index) => (
                    <li key={`${file.name}-${index}`}>
                      {file.name}{' '}
                      <Button minimal small icon="small-cross" aria-label={t('upload.remove', { name: file.name })} onClick={() => setAttachments((current) => current.filter((_, i) => i !== index))} />
                    </li>
                  ))}
                </ul>
              )}
            </FileDrop>
          </Field>
          <UploadProblems problems={rejected.length > 0 ? rejected : problems} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('upload.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" text={t('simulate.send')} loading={sending} disabled={problems.length > 0} />
            </>
          }
        />
      </Form>
    </Dialog>
  );
}
