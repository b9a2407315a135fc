/**
 * The categorization test (§2.4 "advanced categorization … with a test"): a typed text or an
 * existing analysis of the environment, run through NLU and the configuration being edited (saved or
 * not) by `categorization.test`; nothing is stored. Shows each document's categories with why, what
 * consolidation would make of them, and the blocking messages and program errors.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Callout, H2, Intent, SegmentedControl, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { testCategorization, type CategorizationConfig, type CategorizationTestResult } from '../../../contract/categorization';
import { ConsolidatedCategories, DocumentCategories } from '../../../ui/category-decisions';
import { ConfigurationMessages } from './configuration-messages';
import { categorizationErrorText } from './messages';
import { categorizationQueries } from './queries';
import { useCategorizationEnv } from './categorization-frame';
import { AnalysisPicker } from '../shared/analysis-picker';
import { Field, Form } from '../../../ui/form';
import { RunTrial } from '../../../ui/what-if/run-trial';
import { useParams } from 'react-router';

export function TestPanel({ moduleId, config, onResult }: { moduleId: string; config: CategorizationConfig; onResult?: (result: CategorizationTestResult) => void }) {
  const { t } = useTranslation('categorization');
  const { envId } = useCategorizationEnv();
  const projectId = useParams().projectId ?? '';
  const [source, setSource] = useState<'text' | 'analysis' | 'run'>('text');
  const [text, setText] = useState('');
  const [analysisId, setAnalysisId] = useState('');
  const analyses = useQuery({ ...categorizationQueries.analyses(envId), enabled: source === 'analysis' });
  const run = useMutation({
    mutationFn: () => request(testCategorization, { params: { envId }, body: { moduleId, config, ...(source === 'text' ? { text } : { analysisId }) } }),
    onSuccess: (result) => onResult?.(result),
  });
  const ready = source === 'text' ? text.trim() !== '' : analysisId !== '';
  const result = run.data;
  return (
    <section className="p-test-panel" aria-labelledby="categorization-test-title">
      <H2 className="p-card-heading" id="categorization-test-title">{t('test.title')}</H2>
      <SegmentedControl
        options={[
          { value: 'text', label: t('test.text') },
          { value: 'analysis', label: t('test.analysis') },
          { value: 'run', label: t('test.testRun') },
        ]}
        value={source}
        onValueChange={(value) => setSource(value as 'text' | 'analysis' | 'run')}
      />
      {source === 'run' ? (
        // Every message of a finished test run, replayed in the browser with the configuration as edited.
        <RunTrial projectId={projectId} envId={envId} change={{ type: 'moduleConfig', moduleId, config }} />
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) run.mutate();
          }}
        >
          {source === 'text' ? (
            <Field label={t('test.textLabel')} labelFor="categorization-test-text">
              <TextArea id="categorization-test-text" fill rows={4} value={text} onChange={(event) => setText(event.currentTarget.value)} />
            </Field>
          ) : (
            <AnalysisPicker id="categorization-test-analysis" label={t('test.analysisLabel')} analyses={analyses} value={analysisId} errorText={categorizationErrorText} onChange={setAnalysisId} />
          )}
          <Button type="submit" icon="play" intent={Intent.PRIMARY} text={t('test.run')} disabled={!ready} loading={run.isPending} />
        </Form>
      )}
      {source !== 'run' && run.isError && (
        <Callout intent={Intent.DANGER} compact data-testid="categorization-test-error">
          {categorizationErrorText(run.error)}
        </Callout>
      )}
      {source !== 'run' && result && (
        <div data-testid="categorization-test-result">
          <ConfigurationMessages messages={result.messages} testId="test-messages" />
          {result.result.advancedErrors.length > 0 && (
            <Callout intent={Intent.WARNING} compact>
              <ul>
                {result.result.advancedErrors.map((error, index) => (
                  <li key={index}>{t(`advancedErrors.${error.code}`, { line: error.line ?? '?', message: error.message })}</li>
                ))}
              </ul>
            </Callout>
          )}
          <DocumentCategories documents={result.result.documents} />
          {result.consolidation && (
            <>
              <H2 className="p-card-heading">{t('test.consolidation')}</H2>
              <ConsolidatedCategories categories={result.consolidation.categories} labels={result.consolidation.labels} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
