/**
 * messages-bank/qualification: a qualifier works through a set (or one message opened from the bank)
 * with the keyboard — next, previous, accept, skip, take the latest run's values — the message shown
 * beside the form of its expected values per classification kind (§3), its state following (§4).
 * Moving on saves what changed (skip does not); leaving the screen with unsaved changes asks first.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { atLeast } from '../../contract/define';
import { CLASSIFICATION_KINDS, type BankMessage } from '../../contract/testing-center';
import { qualifyBankMessage } from '../../contract/testing-center-bank';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { errorMessage } from '../../api/errors';
import { LoadError } from '../../ui/load-error';
import { paths } from '../../app/paths';
import { usePreferences } from '../../storage/preferences';
import { allQualified, draftOf, expectedOf, withObtained, type Draft } from './expected-draft';
import { ExpectedForm } from './expected-form';
import { MessageViewer } from './message-viewer';
import { ObtainedSource } from './obtained-source';
import { QualificationHelp } from './qualification-help';
import { actionOf, type QualificationAction } from './qualification-keys';
import { QualificationTag } from './qualification-tag';
import { bankQueries } from './queries';
import { Field, Form } from '../../ui/form';
import { EmptyState } from '../../ui/empty-state';

export function QualificationPage() {
  const { t } = useTranslation('testingCenter');
  const projectId = useParams().projectId ?? '';
  const [params, setParams] = useSearchParams();
  const setId = params.get('set') ?? '';
  const sets = useQuery(bankQueries.sets(projectId));
  const ids = useQuery({ ...bankQueries.setMessageIds(projectId, setId), enabled: setId !== '' });
  const order = useMemo(() => (setId ? (ids.data?.ids ?? []) : params.get('message') ? [params.get('message')!] : []), [setId, ids.data, params]);
  // The position lives in the page, not the URL: moving on is not a navigation the guard would stop.
  const [position, setPosition] = useState(0);
  useEffect(() => {
    const wanted = params.get('message');
    const at = wanted ? order.indexOf(wanted) : -1;
    setPosition(at >= 0 ? at : 0);
    // Only when the list itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);
  const messageId = order[position];

  return (
    <div className="p-qualification" data-testid="qualification">
      <h1 className="p-page__title">{t('routes:qualification' as never)}</h1>
      <div className="p-toolbar" style={{ display: 'flex', gap: '1rem', alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <Field label={t('qualification.set')} labelFor="qualification-set" style={{ margin: 0 }}>
          <HTMLSelect
            id="qualification-set"
            value={setId}
            onChange={(event) => setParams(event.currentTarget.value ? { set: event.currentTarget.value } : {})}
            options={[{ value: '', label: t('qualification.chooseSet') }, ...(sets.data?.sets ?? []).map((set) => ({ value: set.id, label: t('qualification.setOption', { name: set.name, count: set.messageCount }) }))]}
          />
        </Field>
        {order.length > 0 && <span data-testid="qualification-position">{t('qualification.position', { position: position + 1, total: order.length })}</span>}
      </div>
      <QualificationHelp />
      {setId && ids.isPending ? (
        <Pending queries={[ids]} size={30} />
      ) : messageId === undefined ? (
        <EmptyState icon="lab-test" title={setId ? t('qualification.emptySet') : t('qualification.noSet')} description={t('qualification.noSetHelp')} />
      ) : (
        <MessageQualification
          key={messageId}
          projectId={projectId}
          messageId={messageId}
          canPrevious={position > 0}
          canNext={position < order.length - 1}
          onMove={(step) => setPosition((current) => Math.min(order.length - 1, Math.max(0, current + step)))}
        />
      )}
    </div>
  );
}

function MessageQualification({
  projectId,
  messageId,
  canPrevious,
  canNext,
  onMove,
}: {
  projectId: string;
  messageId: string;
  canPrevious: boolean;
  canNext: boolean;
  onMove: (step: 1 | -1) => void;
}) {
  const { t } = useTranslation(['testingCenter', 'common']);
  const queryClient = useQueryClient();
  const message = useQuery(bankQueries.message(projectId, messageId));
  const parameters = useQuery(bankQueries.parameters(projectId));
  const project = useQuery(bankQueries.project(projectId));
  const obtained = useQuery(bankQueries.latestObtained(projectId, messageId));
  const { language } = usePreferences();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [initial, setInitial] = useState<string>('');
  useEffect(() => {
    if (!message.data) return;
    const fresh = draftOf(message.data.expected);
    setDraft(fresh);
    setInitial(JSON.stringify(fresh));
  }, [message.data]);

  const seesPrivate = project.data !== undefined && atLeast(project.data.profile, 'configurator');
  const kinds = useMemo(
    () => CLASSIFICATION_KINDS.filter((kind) => parameters.data && !parameters.data.kinds[kind].ignored && (seesPrivate || parameters.data.kinds[kind].visibility === 'public')),
    [parameters.data, seesPrivate],
  );
  const checked = draft ? expectedOf(draft, kinds) : null;
  const dirty = draft !== null && JSON.stringify(draft) !== initial;

  const save = useCallback(
    async (toSave: Draft): Promise<BankMessage | null> => {
      const { expected, problems } = expectedOf(toSave, kinds);
      if (Object.keys(problems).length > 0) {
        toast.error({ summary: tr('testingCenter:qualification.fixProblems') });
        return null;
      }
      try {
        const saved = await request(qualifyBankMessage, { params: { projectId, messageId }, body: { expected } });
        queryClient.setQueryData(bankQueries.message(projectId, messageId).queryKey, saved);
        void queryClient.invalidateQueries({ queryKey: bankQueries.lists(projectId) });
        const fresh = draftOf(saved.expected);
        setDraft(fresh);
        setInitial(JSON.stringify(fresh));
        return saved;
      } catch (error) {
        toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
        return null;
      }
    },
    [kinds, projectId, messageId, queryClient],
  );
  const unsaved = useUnsavedChanges({ when: dirty, onSave: async () => draft !== null && (await save(draft)) !== null });

  const act = useCallback(
    async (action: QualificationAction) => {
      if (!draft) return;
      if (action === 'skip') return canNext && onMove(1);
      if (action === 'obtained') {
        if (obtained.data?.obtained) setDraft(withObtained(draft, obtained.data.obtained, kinds));
        else toast.info({ summary: tr('testingCenter:qualification.noRun') });
        return;
      }
      if (action === 'accept') {
        const saved = await save(allQualified(draft, kinds));
        if (saved) {
          toast.success({ summary: tr('testingCenter:qualification.accepted', { name: saved.name }) });
          if (canNext) onMove(1);
        }
        return;
      }
      const step = action === 'next' ? 1 : -1;
      if ((step === 1 && !canNext) || (step === -1 && !canPrevious)) return;
      if (dirty && !(await save(draft))) return;
      onMove(step);
    },
    [draft, canNext, canPrevious, dirty, kinds, obtained.data, onMove, save],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = actionOf(event);
      if (action === null) return;
      event.preventDefault();
      void act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  // A failed load is shown before the spinner: the draft only exists once the message has loaded.
  const failed = message.error ? message : parameters.error ? parameters : null;
  if (failed) {
    const missing = { text: t('common:missing.text.message'), back: { to: paths.messagesBank(projectId), text: t('common:missing.back.messagesBank') } };
    return <LoadError title={t('qualification.loadFailed')} query={failed} missing={message.error ? missing : undefined} />;
  }
  if (message.isPending || parameters.isPending || !draft || !message.data) return <Pending queries={[message, parameters]} size={30} />;
  const attachments = message.data.files.filter((file) => file.role === 'attachment').map((file) => file.name);

  return (
    <div className="p-qualification__layout" style={{ display: 'flex', gap: '1rem', alignItems: 'flex-start' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <h2 className="p-card-heading" data-testid="qualification-name">
          {message.data.name} <QualificationTag state={message.data.qualification} />
        </h2>
        <MessageViewer projectId={projectId} message={message.data} />
      </div>
      <Form
        style={{ width: 460, flex: 'none' }}
        aria-label={t('qualification.form')}
        onSubmit={(event) => {
          event.preventDefault();
          void act('accept');
        }}
      >
        <ButtonGroup style={{ marginBottom: '0.75rem', flexWrap: 'wrap' }}>
          <Button icon="chevron-left" text={t('qualification.previous')} disabled={!canPrevious} onClick={() => void act('previous')} />
          <Button type="submit" intent="primary" icon="tick" text={t('qualification.accept')} />
          <Button text={t('qualification.skip')} disabled={!canNext} onClick={() => void act('skip')} />
          <Button icon="chevron-right" text={t('qualification.next')} disabled={!canNext} onClick={() => void act('next')} />
        </ButtonGroup>
        <div style={{ marginBottom: '0.75rem' }}>
          <Button small icon="duplicate" text={t('qualification.acceptObtained')} disabled={!obtained.data?.obtained} onClick={() => void act('obtained')} />{' '}
          <ObtainedSource run={obtained.data?.obtained ? obtained.data.run : null} language={language} />
        </div>
        <ExpectedForm kinds={kinds} draft={draft} problems={checked?.problems ?? {}} attachments={attachments} onChange={setDraft} />
        <Button text={t('qualification.save')} icon="floppy-disk" disabled={!dirty} onClick={() => void save(draft)} />
        {unsaved.dialog}
      </Form>
    </div>
  );
}
