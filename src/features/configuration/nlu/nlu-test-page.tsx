/**
 * NLU test (§2.4): a sentence through a server's configuration, shown as the labelling view and the
 * interactions table. "In the browser" runs the same engine in a web worker on the configuration
 * fetched and cached by React Query (so it works offline); "On the server" asks `nlu/test`, which
 * answers the §8 "AI starting up" message while the server starts.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, H4, HTMLSelect, Intent, SegmentedControl, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { serverCode } from '../../../api/errors';
import { NLU_LANGUAGES } from '../../../contract/environments';
import { testNlu } from '../../../contract/nlu';
import type { NluResult } from '../../../contract/modules/nlu';
import { LabellingView } from '../../../ui/labelling-view';
import { ListState } from '../../../ui/list-state';
import { NluInteractionsTable } from '../../../ui/nlu-interactions-table';
import type { NluConfigError, NluLanguage } from './engine';
import { configErrorText, nluErrorText, testFailureText } from './nlu-errors';
import { NluPage, useNluEnv } from './nlu-page';
import { analyseOptionsFor, toNluSource } from './nlu-source';
import { runNluTest } from './nlu-worker-client';
import { nluQueries } from './queries';
import { languageName } from '../../../i18n/language-names';
import type { Language } from '../../../storage/preferences';
import { Field, Form } from '../../../ui/form';

type Mode = 'browser' | 'server';

interface Outcome {
  text: string;
  result: NluResult;
  errors: NluConfigError[];
}

export function NluTestPage() {
  const { t } = useTranslation(['nlu', 'routes']);
  const { envId } = useNluEnv();
  const servers = useQuery(nluQueries.servers(envId));
  return (
    <NluPage title={t('routes:nluTest')}>
      <ListState query={servers} isEmpty={(servers.data ?? []).length === 0} emptyText={t('errors.noServer')} errorText={t('servers.error')}>
        <NluTest envId={envId} />
      </ListState>
    </NluPage>
  );
}

export function NluTest({ envId }: { envId: string }) {
  const { t, i18n } = useTranslation('nlu');
  const servers = useQuery(nluQueries.servers(envId)).data ?? [];
  const archetypes = useQuery(nluQueries.archetypes(envId));
  const contexts = useQuery(nluQueries.contexts(envId));
  const interactions = useQuery(nluQueries.interactions(envId));
  const functions = useQuery(nluQueries.functions(envId));
  const languages = useQuery(nluQueries.languages(envId));
  const [text, setText] = useState('');
  const [serverId, setServerId] = useState(servers[0]?.id ?? '');
  const [language, setLanguage] = useState<NluLanguage | 'auto' | ''>('');
  const [mode, setMode] = useState<Mode>('browser');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<{ text: string; starting: boolean } | null>(null);
  const [running, setRunning] = useState(false);
  const server = servers.find((item) => item.id === serverId) ?? servers[0];
  const configReady = archetypes.data && contexts.data && interactions.data && functions.data;

  const run = async () => {
    if (!server || text.trim() === '') return;
    setRunning(true);
    setProblem(null);
    try {
      if (mode === 'server') {
        const result = await request(testNlu, { params: { envId }, body: { text, server: server.name, ...(language ? { language } : {}) } });
        setOutcome({ text, result, errors: [] });
      } else if (configReady) {
        const answer = await runNluTest({
          source: toNluSource({ archetypes: archetypes.data, contexts: contexts.data, interactions: interactions.data, functions: functions.data }),
          compile: { aiVersion: server.aiVersion },
          text,
          options: analyseOptionsFor(server, contexts.data, language || undefined, languages.data ?? []),
        });
        if (answer.ok) setOutcome({ text, result: answer.result, errors: answer.errors });
        else setProblem({ text: testFailureText(answer), starting: false });
      }
    } catch (error) {
      setProblem({ text: nluErrorText(error), starting: serverCode(error) === 'aiStarting' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        void run();
      }}
    >
      <Field label={t('test.sentence')} labelFor="nlu-test-text">
        <TextArea
          id="nlu-test-text"
          fill
          rows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Ctrl+Enter runs the test from the keyboard without leaving the text.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void run();
            }
          }}
        />
      </Field>
      <div className="p-toolbar">
        <HTMLSelect aria-label={t('test.server')} value={server?.id} onChange={(e) => setServerId(e.currentTarget.value)} options={servers.map((item) => ({ value: item.id, label: item.name }))} />
        <HTMLSelect
          aria-label={t('test.language')}
          value={language}
          onChange={(e) => setLanguage(e.currentTarget.value as NluLanguage | 'auto' | '')}
          options={[{ value: '', label: t('test.serverLanguage', { language: server?.defaultLanguage ? languageName(server.defaultLanguage, i18n.language as Language) : '' }) }, { value: 'auto', label: t('servers.auto') }, ...NLU_LANGUAGES.map((code) => ({ value: code, label: languageName(code, i18n.language as Language) }))]}
        />
        <SegmentedControl
          aria-label={t('test.where')}
          value={mode}
          onValueChange={(value) => setMode(value as Mode)}
          options={[
            { value: 'browser', label: t('test.browser') },
            { value: 'server', label: t('test.onServer') },
          ]}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon="lab-test" text={t('test.run')} loading={running} disabled={text.trim() === '' || (mode === 'browser' && !configReady)} />
      </div>
      <p className="bp6-text-muted">{mode === 'browser' ? t('test.browserHelp') : t('test.serverHelp')}</p>
      {problem && (
        <Callout intent={problem.starting ? Intent.WARNING : Intent.DANGER} data-testid={problem.starting ? 'ai-starting' : 'nlu-test-error'}>
          {problem.text}
          {problem.starting && <Button variant="minimal" icon="refresh" text={t('test.retry')} onClick={() => void run()} />}
        </Callout>
      )}
      {outcome && (
        <section aria-label={t('test.result')} data-testid="nlu-test-result">
          <H4>{t('test.labels', { language: outcome.result.language })}</H4>
          {outcome.result.labels.length === 0 && <p className="bp6-text-muted">{server?.labeling === false ? t('test.labelingOff') : t('result.noLabel')}</p>}
          <LabellingView text={outcome.text} labels={outcome.result.labels} label={t('test.labelsOf')} />
          <H4>{t('result.interactions')}</H4>
          <NluInteractionsTable interactions={outcome.result.interactions} />
          {outcome.errors.length > 0 && (
            <Callout intent={Intent.WARNING} compact title={t('test.configErrors')}>
              <ul>
                {outcome.errors.map((error, index) => (
                  <li key={index}>
                    {[error.archetype, error.context, error.interaction].filter(Boolean).join(' / ')} {configErrorText(error)}
                  </li>
                ))}
              </ul>
            </Callout>
          )}
        </section>
      )}
    </Form>
  );
}
