/**
 * messages-bank/qualification: a qualifier works through a set (or one message opened from the bank)
 * with the keyboard, its progress shown (qualified messages of the set), against an environment whose
 * categories and extraction fields are what the form offers (§4). The last acceptance can be undone:
 * the message gets back the values it had and the screen returns to it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, HTMLSelect, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import type { BankMessage } from '../../contract/testing-center';
import { qualifyBankMessage, type LabellingVocabulary } from '../../contract/testing-center-bank';
import { EmptyState } from '../../ui/empty-state';
import { Field } from '../../ui/form';
import { tr } from '../../ui/message';
import { Pending } from '../../ui/pending';
import { toast } from '../../ui/toasts/toast-service';
import { MessageQualification, type Accepted } from './message-qualification';
import { QualificationHelp } from './qualification-help';
import { bankQueries } from './queries';
import './qualification.css';

const NO_VOCABULARY: LabellingVocabulary = { categories: [], fields: [] };

export function QualificationPage() {
  const { t } = useTranslation('testingCenter');
  const projectId = useParams().projectId ?? '';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const setId = params.get('set') ?? '';
  const sets = useQuery(bankQueries.sets(projectId));
  const ids = useQuery({ ...bankQueries.setMessageIds(projectId, setId), enabled: setId !== '' });
  const environments = useQuery(bankQueries.environments(projectId));
  const environmentId = params.get('env') || environments.data?.[0]?.id || '';
  const vocabulary = useQuery({ ...bankQueries.vocabulary(environmentId), enabled: environmentId !== '' });
  const order = useMemo(() => (setId ? (ids.data?.ids ?? []) : params.get('message') ? [params.get('message')!] : []), [setId, ids.data, params]);
  // The position lives in the page, not the URL: moving on is not a navigation the guard would stop.
  const [position, setPosition] = useState(0);
  const [lastAccepted, setLastAccepted] = useState<Accepted | null>(null);
  useEffect(() => {
    const wanted = params.get('message');
    const at = wanted ? order.indexOf(wanted) : -1;
    setPosition(at >= 0 ? at : 0);
    // Only when the list itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order]);
  const messageId = order[position];
  const qualified = ids.data?.states.filter((state) => state === 'qualified').length ?? 0;

  const setParam = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const onSaved = useCallback(
    (saved: BankMessage) => {
      // The progress follows each save without asking the server again.
      queryClient.setQueryData(bankQueries.setMessageIds(projectId, setId).queryKey, (current) =>
        current ? { ...current, states: current.ids.map((id, index) => (id === saved.id ? saved.qualification : current.states[index]!)) } : current,
      );
    },
    [queryClient, projectId, setId],
  );
  const undo = useCallback(async () => {
    if (!lastAccepted) return toast.info({ summary: tr('testingCenter:qualification.nothingToUndo') });
    try {
      const restored = await request(qualifyBankMessage, { params: { projectId, messageId: lastAccepted.messageId }, body: { expected: lastAccepted.before } });
      queryClient.setQueryData(bankQueries.message(projectId, restored.id).queryKey, restored);
      void queryClient.invalidateQueries({ queryKey: bankQueries.lists(projectId) });
      onSaved(restored);
      setLastAccepted(null);
      const at = order.indexOf(restored.id);
      if (at >= 0) setPosition(at);
      toast.success({ summary: tr('testingCenter:qualification.undone', { name: restored.name }) });
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
    }
  }, [lastAccepted, projectId, queryClient, onSaved, order]);

  return (
    <div className="p-qualification" data-testid="qualification">
      <h1 className="p-page__title">{t('routes:qualification' as never)}</h1>
      <div className="p-toolbar p-qualification__toolbar">
        <Field label={t('qualification.set')} labelFor="qualification-set" style={{ margin: 0 }}>
          <HTMLSelect
            id="qualification-set"
            value={setId}
            onChange={(event) => setParams(event.currentTarget.value ? { set: event.currentTarget.value, ...(params.get('env') ? { env: params.get('env')! } : {}) } : {})}
            options={[{ value: '', label: t('qualification.chooseSet') }, ...(sets.data?.sets ?? []).map((set) => ({ value: set.id, label: t('qualification.setOption', { name: set.name, count: set.messageCount }) }))]}
          />
        </Field>
        <Field label={t('qualification.environment')} labelFor="qualification-environment" style={{ margin: 0 }} helperText={vocabulary.error ? errorMessage(vocabulary.error) : undefined}>
          <HTMLSelect
            id="qualification-environment"
            value={environmentId}
            onChange={(event) => setParam('env', event.currentTarget.value)}
            options={(environments.data ?? []).map((environment) => ({ value: environment.id, label: environment.name }))}
          />
        </Field>
        {order.length > 0 && (
          <div className="p-qualification__progress">
            <span data-testid="qualification-position">{t('qualification.position', { position: position + 1, total: order.length })}</span>
            {setId && ids.data && (
              <>
                <ProgressBar value={qualified / order.length} stripes={false} animate={false} intent="success" aria-label={t('qualification.progress', { count: qualified, total: order.length })} />
                <span className="bp6-text-muted" data-testid="qualification-progress">
                  {t('qualification.progress', { count: qualified, total: order.length })}
                </span>
              </>
            )}
          </div>
        )}
        <Button
          icon="undo"
          text={lastAccepted ? t('qualification.undoNamed', { name: lastAccepted.name }) : t('qualification.undo')}
          disabled={!lastAccepted}
          onClick={() => void undo()}
        />
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
          environmentId={environmentId}
          vocabulary={vocabulary.data ?? NO_VOCABULARY}
          canPrevious={position > 0}
          canNext={position < order.length - 1}
          onMove={(step) => setPosition((current) => Math.min(order.length - 1, Math.max(0, current + step)))}
          onSaved={onSaved}
          onAccepted={setLastAccepted}
          onUndo={() => void undo()}
        />
      )}
    </div>
  );
}
