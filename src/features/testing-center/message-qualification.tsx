/**
 * One bank message being qualified: the message (drawn by the files viewer's views) beside the form
 * of its expected values, and the keys of the screen — move, accept, skip, take the latest run's
 * values, run the message on the environment, pick a category by its number. Text selected in the
 * message fills the value field that last had the focus, with the file and words kept as evidence.
 * Moving on saves what changed (skip does not); leaving with unsaved changes asks first.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { atLeast } from '../../contract/define';
import { CLASSIFICATION_KINDS, type BankMessage, type ClassificationKind, type ExpectedValues } from '../../contract/testing-center';
import { qualifyBankMessage, type LabellingVocabulary } from '../../contract/testing-center-bank';
import { paths } from '../../app/paths';
import { usePreferences } from '../../storage/preferences';
import { Form } from '../../ui/form';
import { LoadError } from '../../ui/load-error';
import { tr } from '../../ui/message';
import { Pending } from '../../ui/pending';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { NUMBERED_CATEGORIES } from './category-picker';
import { acceptConfirmed, categoriesIn, draftOf, expectedOf, withCategories, withObtained, withSelection, type Draft } from './expected-draft';
import { ExpectedForm } from './expected-form';
import { MessageViewer, type MessageViewerHandle } from './message-viewer';
import { ObtainedSource } from './obtained-source';
import { actionOf, categoryKeyOf, type QualificationAction } from './qualification-keys';
import { QualificationTag } from './qualification-tag';
import { bankQueries } from './queries';
import { RunOnEnvironment } from './run-on-environment';

/** What a save would change (values and switches), not which kinds were looked at. */
const contentOf = (draft: Draft) => JSON.stringify(Object.values(draft).map(({ qualified, entries }) => ({ qualified, entries })));

/** The message's attachment files and the attachments inside its main mail, each name once. */
const attachmentsOf = (message: BankMessage, embedded: readonly string[]) => [...new Set([...message.files.filter((file) => file.role === 'attachment').map((file) => file.name), ...embedded])];

export interface Accepted {
  messageId: string;
  name: string;
  /** The expected values before the acceptance, for undo. */
  before: ExpectedValues;
}

export function MessageQualification({
  projectId,
  messageId,
  environmentId,
  vocabulary,
  canPrevious,
  canNext,
  onMove,
  onSaved,
  onAccepted,
  onUndo,
}: {
  projectId: string;
  messageId: string;
  environmentId: string;
  vocabulary: LabellingVocabulary;
  canPrevious: boolean;
  canNext: boolean;
  onMove: (step: 1 | -1) => void;
  onSaved: (message: BankMessage) => void;
  onAccepted: (accepted: Accepted) => void;
  onUndo: () => void;
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
  // The attachments inside the main mail, once it is read (the pipeline categorizes them too).
  const [embedded, setEmbedded] = useState<string[] | null>(null);
  // The value field text selected in the message goes to (the last one focused).
  const target = useRef<{ kind: ClassificationKind; index: number } | null>(null);
  const runner = useRef<{ run: () => void } | null>(null);
  const viewer = useRef<MessageViewerHandle>(null);
  useEffect(() => {
    if (!message.data) return;
    const fresh = draftOf(message.data.expected);
    setDraft(fresh);
    setInitial(contentOf(fresh));
  }, [message.data]);

  const seesPrivate = project.data !== undefined && atLeast(project.data.profile, 'configurator');
  const kinds = useMemo(
    () => CLASSIFICATION_KINDS.filter((kind) => parameters.data && !parameters.data.kinds[kind].ignored && (seesPrivate || parameters.data.kinds[kind].visibility === 'public')),
    [parameters.data, seesPrivate],
  );
  const checked = draft ? expectedOf(draft, kinds) : null;
  const dirty = draft !== null && contentOf(draft) !== initial;
  // Until the main file is read, a mail may hold attachments: none is assumed absent.
  const attachmentCount = message.data && embedded !== null ? attachmentsOf(message.data, embedded).length : Number.POSITIVE_INFINITY;
  const bodyCategories = useMemo(() => vocabulary.categories.filter((category) => category.target === 'body'), [vocabulary]);

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
        onSaved(saved);
        const fresh = draftOf(saved.expected);
        setDraft(fresh);
        setInitial(contentOf(fresh));
        return saved;
      } catch (error) {
        toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
        return null;
      }
    },
    [kinds, projectId, messageId, queryClient, onSaved],
  );
  const unsaved = useUnsavedChanges({ when: dirty, onSave: async () => draft !== null && (await save(draft)) !== null });

  const act = useCallback(
    async (action: QualificationAction) => {
      if (!draft || !message.data) return;
      switch (action) {
        case 'skip':
          return canNext && onMove(1);
        case 'undo':
          return onUndo();
        case 'run':
          return runner.current?.run();
        case 'filter':
          return document.querySelector<HTMLInputElement>('[data-kind="categories"] [data-category-filter]')?.focus();
        case 'obtained':
          if (obtained.data?.obtained) setDraft(withObtained(draft, obtained.data.obtained, kinds));
          else toast.info({ summary: tr('testingCenter:qualification.noRun') });
          return;
        case 'accept': {
          const before = message.data.expected;
          const saved = await save(acceptConfirmed(draft, kinds, { attachments: attachmentCount }));
          if (saved) {
            onAccepted({ messageId, name: saved.name, before });
            toast.success({ summary: tr(saved.qualification === 'qualified' ? 'testingCenter:qualification.accepted' : 'testingCenter:qualification.acceptedPartly', { name: saved.name }) });
            if (canNext) onMove(1);
          }
          return;
        }
        case 'next':
        case 'previous': {
          const step = action === 'next' ? 1 : -1;
          if ((step === 1 && !canNext) || (step === -1 && !canPrevious)) return;
          if (dirty && !(await save(draft))) return;
          return onMove(step);
        }
      }
    },
    [draft, message.data, canNext, canPrevious, dirty, kinds, obtained.data, onMove, onUndo, onAccepted, save, messageId, attachmentCount],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const category = categoryKeyOf(event);
      if (category !== null && draft && kinds.includes('categories')) {
        event.preventDefault();
        if (category.number === 0) return setDraft({ ...draft, categories: withCategories(draft.categories, null, []) });
        const picked = bodyCategories[category.number - 1];
        if (!picked || category.number > NUMBERED_CATEGORIES) return;
        const current = categoriesIn(draft.categories, null);
        const names = category.additive ? (current.includes(picked.name) ? current.filter((name) => name !== picked.name) : [...current, picked.name]) : [picked.name];
        return setDraft({ ...draft, categories: withCategories(draft.categories, null, names) });
      }
      const action = actionOf(event);
      if (action === null) return;
      event.preventDefault();
      void act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, draft, kinds, bodyCategories]);

  // A failed load is shown before the spinner: the draft only exists once the message has loaded.
  const failed = message.error ? message : parameters.error ? parameters : null;
  if (failed) {
    const missing = { text: t('common:missing.text.message'), back: { to: paths.messagesBank(projectId), text: t('common:missing.back.messagesBank') } };
    return <LoadError title={t('qualification.loadFailed')} query={failed} missing={message.error ? missing : undefined} />;
  }
  if (message.isPending || parameters.isPending || !draft || !message.data) return <Pending queries={[message, parameters]} size={30} />;
  const attachments = attachmentsOf(message.data, embedded ?? []);

  return (
    <div className="p-qualification__layout">
      <div className="p-qualification__message">
        <h2 className="p-card-heading" data-testid="qualification-name">
          {message.data.name} <QualificationTag state={message.data.qualification} />
        </h2>
        <MessageViewer
          ref={viewer}
          projectId={projectId}
          message={message.data}
          onMainParsed={setEmbedded}
          onSelectText={(evidence) => {
            const to = target.current;
            if (to === null) return toast.info({ summary: tr('testingCenter:qualification.selectFieldFirst') });
            setDraft((current) => (current && withSelection(current, to, evidence)) ?? current);
          }}
        />
      </div>
      <Form
        className="p-qualification__panel"
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
        <div style={{ marginBottom: '0.75rem', display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
          <Button small icon="duplicate" text={t('qualification.acceptObtained')} disabled={!obtained.data?.obtained} onClick={() => void act('obtained')} />
          <RunOnEnvironment
            ref={runner}
            projectId={projectId}
            messageId={messageId}
            environmentId={environmentId}
            onObtained={(values) => setDraft((current) => (current ? withObtained(current, values, kinds) : current))}
          />
          <ObtainedSource run={obtained.data?.obtained ? obtained.data.run : null} language={language} />
        </div>
        <ExpectedForm kinds={kinds} draft={draft} problems={checked?.problems ?? {}} attachments={attachments} attachmentCount={attachmentCount} vocabulary={vocabulary} onChange={setDraft} onValueFocus={(next) => (target.current = next)}
          onLocate={(text) => viewer.current?.locate(text) || toast.info({ summary: tr('testingCenter:qualification.notInMessage', { value: text }) })}
        />
        <Button text={t('qualification.save')} icon="floppy-disk" disabled={!dirty} onClick={() => void save(draft)} />
        {unsaved.dialog}
      </Form>
    </div>
  );
}
