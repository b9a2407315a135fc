/**
 * The Tests tab: renders the template being edited (unsaved, with the environment's other templates
 * for its includes) on the sample variables — editable JSON, the same sample the Documentation tab
 * shows — or on an existing analysis, through `replyTemplates.test` (what an analysis would get, the
 * language model included for an LLM prompt template). Nothing is stored.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Callout, H5, Intent, SegmentedControl, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { testReplyTemplate, type ReplyTemplate } from '../../../contract/reply-templates';
import { REPLY_SAMPLE_VARIABLES } from '../../../replies/variables';
import { JsonTree } from '../../../ui/json-tree';
import { renderErrorText, replyErrorText } from './messages';
import { replyQueries } from './queries';
import { useRepliesEnv } from './replies-frame';
import type { LineError } from './template-tab';
import { AnalysisPicker } from '../shared/analysis-picker';
import { Field, Form } from '../../../ui/form';

function parseJson(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ok: true, value: value as Record<string, unknown> } : { ok: false, message: '{ … }' };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export function TestsTab({ templates, name, onLineError }: { templates: readonly ReplyTemplate[]; name: string; onLineError: (error: LineError | null) => void }) {
  const { t } = useTranslation('replies');
  const { envId } = useRepliesEnv();
  const [source, setSource] = useState<'sample' | 'analysis'>('sample');
  const [variables, setVariables] = useState(() => JSON.stringify(REPLY_SAMPLE_VARIABLES, null, 2));
  const [analysisId, setAnalysisId] = useState('');
  const analyses = useQuery({ ...replyQueries.analyses(envId), enabled: source === 'analysis' });
  const parsed = parseJson(variables);
  const run = useMutation({
    mutationFn: () =>
      request(testReplyTemplate, {
        params: { envId },
        body: { template: name, templates: [...templates], ...(source === 'sample' && parsed.ok ? { variables: parsed.value } : { analysisId }) },
      }),
    onSuccess: (answer) => {
      const error = answer.error;
      onLineError(error && error.template === name && error.line !== null ? { line: error.line, message: renderErrorText(error) } : null);
    },
  });
  const ready = source === 'sample' ? parsed.ok : analysisId !== '';
  const answer = run.data;
  return (
    <section aria-label={t('editor.tabs.tests')}>
      <SegmentedControl
        options={[
          { value: 'sample', label: t('test.sample') },
          { value: 'analysis', label: t('test.analysis') },
        ]}
        value={source}
        onValueChange={(value) => setSource(value as 'sample' | 'analysis')}
      />
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) run.mutate();
        }}
      >
        {source === 'sample' ? (
          <Field
            label={t('test.variables')}
            labelFor="reply-test-variables"
            intent={parsed.ok ? Intent.NONE : Intent.DANGER}
            helperText={parsed.ok ? undefined : t('test.variablesInvalid', { message: parsed.message })}
          >
            <TextArea id="reply-test-variables" fill rows={10} className="p-monospace" value={variables} onChange={(event) => setVariables(event.currentTarget.value)} />
          </Field>
        ) : (
          <AnalysisPicker id="reply-test-analysis" label={t('test.analysis')} analyses={analyses} value={analysisId} errorText={replyErrorText} onChange={setAnalysisId} />
        )}
        <Button type="submit" icon="play" intent={Intent.PRIMARY} text={t('test.run')} disabled={!ready} loading={run.isPending} />
      </Form>
      {run.isError && (
        <Callout intent={Intent.DANGER} compact data-testid="reply-test-error">
          {replyErrorText(run.error)}
        </Callout>
      )}
      {answer && (
        <div data-testid="reply-test-result">
          {answer.error && (
            <Callout intent={Intent.DANGER} compact data-testid="reply-test-error">
              {renderErrorText(answer.error)}
            </Callout>
          )}
          {answer.result && (
            <>
              <H5>{t('test.draft')}</H5>
              <pre className="p-pre-wrap" data-testid="reply-test-draft">
                {answer.result.draft}
              </pre>
            </>
          )}
          {source === 'analysis' && (
            <details>
              <summary>{t('test.variablesUsed')}</summary>
              <JsonTree value={answer.variables} />
            </details>
          )}
          {answer.result?.llm !== undefined || (answer.error?.code.startsWith('llm') && answer.rendered) ? (
            <>
              <H5>{t('test.prompt')}</H5>
              <pre className="p-pre-wrap">{answer.rendered}</pre>
            </>
          ) : null}
        </div>
      )}
    </section>
  );
}
