/**
 * The Tests tab (§2.4): test cases saved with the module — a text or an existing analysis, and the
 * values expected for some fields — run all at once by `extraction.test` with the configuration being
 * edited (saved or not). Each test passes or fails, field by field, expected beside obtained.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Callout, Card, H4, InputGroup, Intent, SegmentedControl, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { extractionConfigSchema, testExtraction, type ExtractionConfig, type ExtractionTestCase, type ExtractionTestCaseResult, type ValueFormat } from '../../../contract/extraction';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { tr } from '../../../ui/message';
import { caseErrorText, extractionErrorText, fieldErrorText } from './messages';
import { extractionQueries } from './queries';
import type { ExtractionEditor } from './use-extraction-editor';
import { newId } from './use-extraction-editor';
import { AnalysisPicker } from '../shared/analysis-picker';
import { Field } from '../../../ui/form';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/data-table';
import { RunTrialSection } from '../../../ui/what-if/run-trial-section';

const shown = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** What a user typed as an expected value: text for scalars (compared as text), JSON for lists and objects. */
function typedValue(text: string, format: ValueFormat): unknown {
  if (format !== 'array' && format !== 'object') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function TestsTab({ editor, projectId, envId, moduleId, canEdit }: { editor: ExtractionEditor; projectId: string; envId: string; moduleId: string; canEdit: boolean }) {
  const { t } = useTranslation('extraction');
  const { draft, setDraft } = editor;
  const run = useMutation({
    mutationFn: (config: ExtractionConfig) => request(testExtraction, { params: { envId, moduleId }, body: { config, cases: config.tests } }),
  });
  const results = new Map((run.data?.cases ?? []).map((result) => [result.id, result]));
  const parsed = extractionConfigSchema.safeParse(draft);
  const passed = (run.data?.cases ?? []).filter((result) => result.pass).length;
  const update = (id: string, change: Partial<ExtractionTestCase>) => setDraft((current) => ({ ...current, tests: current.tests.map((test) => (test.id === id ? { ...test, ...change } : test)) }));
  const add = () => setDraft((current) => ({ ...current, tests: [...current.tests, { id: newId('test'), name: '', text: '', analysisId: null, expected: {} }] }));
  const remove = async (test: ExtractionTestCase, index: number) => {
    if (!(await confirm({ body: tr('extraction:tests.deleteConfirm', { name: test.name || t('tests.untitled', { index: index + 1 }) }), danger: true }))) return;
    setDraft((current) => ({ ...current, tests: current.tests.filter((item) => item.id !== test.id) }));
  };

  return (
    <section aria-labelledby="extraction-tests-title">
      <H4 id="extraction-tests-title">{t('tests.title')}</H4>
      <p className="bp6-text-muted">{t('tests.help')}</p>
      <div className="p-toolbar">
        <Button icon="play" intent={Intent.PRIMARY} text={t('tests.runAll')} disabled={draft.tests.length === 0 || !parsed.success} loading={run.isPending} onClick={() => parsed.success && run.mutate(parsed.data)} />
        {canEdit && <Button icon="add" text={t('tests.add')} onClick={add} />}
        {run.data && (
          <Tag large intent={passed === run.data.cases.length ? Intent.SUCCESS : Intent.DANGER} data-testid="extraction-tests-summary">
            {t('tests.summary', { count: passed, total: run.data.cases.length })}
          </Tag>
        )}
      </div>
      {editor.dirty && <p className="bp6-text-muted">{t('tests.unsaved')}</p>}
      {run.isError && (
        <Callout intent={Intent.DANGER} compact>
          {extractionErrorText(run.error)}
        </Callout>
      )}
      {draft.tests.length === 0 && <EmptyState icon="lab-test" title={t('tests.empty')} />}
      {draft.tests.map((test, index) => (
        <TestCaseCard key={test.id} test={test} index={index} fields={draft.fields} envId={envId} canEdit={canEdit} result={results.get(test.id)} onChange={(change) => update(test.id, change)} onDelete={() => void remove(test, index)} />
      ))}
      {parsed.success && <RunTrialSection level={4} projectId={projectId} envId={envId} change={{ type: 'moduleConfig', moduleId, config: parsed.data }} />}
    </section>
  );
}

function TestCaseCard(props: {
  test: ExtractionTestCase;
  index: number;
  fields: ExtractionConfig['fields'];
  envId: string;
  canEdit: boolean;
  result: ExtractionTestCaseResult | undefined;
  onChange: (change: Partial<ExtractionTestCase>) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('extraction');
  const { test, index, fields, canEdit, result, onChange } = props;
  const [source, setSource] = useState<'text' | 'analysis'>(test.analysisId ? 'analysis' : 'text');
  const analyses = useQuery({ ...extractionQueries.analyses(props.envId), enabled: source === 'analysis' });
  const title = test.name || t('tests.untitled', { index: index + 1 });
  const id = `test-${test.id}`;
  const setExpected = (name: string, text: string, format: ValueFormat) => {
    const expected = { ...test.expected };
    if (text.trim() === '') delete expected[name];
    else expected[name] = typedValue(text, format);
    onChange({ expected });
  };
  return (
    <Card data-testid="extraction-test" aria-label={title} className="p-test-case">
      <div className="p-toolbar">
        <H4>{title}</H4>
        {result && (
          <Tag intent={result.pass ? Intent.SUCCESS : Intent.DANGER} data-testid="extraction-test-verdict">
            {result.pass ? t('tests.pass') : t('tests.fail')}
          </Tag>
        )}
        {canEdit && <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t('tests.deleteOf', { name: title })} onClick={props.onDelete} />}
      </div>
      <Field label={t('tests.name')} labelFor={`${id}-name`}>
        <InputGroup id={`${id}-name`} value={test.name} disabled={!canEdit} onChange={(event) => onChange({ name: event.currentTarget.value })} />
      </Field>
      <Field label={t('tests.source')}>
        <SegmentedControl
          options={[
            { value: 'text', label: t('tests.text') },
            { value: 'analysis', label: t('tests.analysis') },
          ]}
          value={source}
          onValueChange={(value) => {
            setSource(value as 'text' | 'analysis');
            if (value === 'text') onChange({ analysisId: null });
          }}
        />
      </Field>
      {source === 'text' ? (
        <Field label={t('tests.text')} labelFor={`${id}-text`}>
          <TextArea id={`${id}-text`} fill rows={4} value={test.text} disabled={!canEdit} onChange={(event) => onChange({ text: event.currentTarget.value })} />
        </Field>
      ) : (
        <AnalysisPicker
          id={`${id}-analysis`}
          label={t('tests.analysis')}
          analyses={analyses}
          value={test.analysisId ?? ''}
          disabled={!canEdit}
          errorText={extractionErrorText}
          onChange={(analysisId) => onChange({ analysisId: analysisId || null })}
        />
      )}
      <Field label={t('tests.expected')} helperText={t('tests.expectedHelp')}>
        {fields.map((field) => (
          <Field key={field.id} inline label={field.label || field.name} labelFor={`${id}-expected-${field.name}`}>
            <InputGroup id={`${id}-expected-${field.name}`} value={shown(test.expected[field.name])} disabled={!canEdit} onChange={(event) => setExpected(field.name, event.currentTarget.value, field.format)} />
          </Field>
        ))}
      </Field>
      {result && <TestResult result={result} />}
    </Card>
  );
}

function TestResult({ result }: { result: ExtractionTestCaseResult }) {
  const { t } = useTranslation('extraction');
  if (result.error) {
    return (
      <Callout intent={Intent.DANGER} compact>
        {caseErrorText(result.error)}
      </Callout>
    );
  }
  const rows = result.checks.length > 0 ? result.checks : Object.entries(result.fields).map(([field, obtained]) => ({ field, expected: undefined, obtained, pass: null }));
  return (
    <div data-testid="extraction-test-result">
      {result.checks.length === 0 && <p className="bp6-text-muted">{t('tests.noCheck')}</p>}
      <DataTable compact className="p-table">
        <thead>
          <tr>
            <th>{t('tests.field')}</th>
            <th>{t('tests.expectedValue')}</th>
            <th>{t('tests.obtained')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} data-testid="extraction-check" data-field={row.field} data-pass={row.pass === null ? undefined : String(row.pass)}>
              <td>
                <code>{row.field}</code>
              </td>
              <td>{shown(row.expected)}</td>
              <td>{row.obtained === null ? <span className="bp6-text-muted">null</span> : shown(row.obtained)}</td>
              <td>{row.pass !== null && <Tag intent={row.pass ? Intent.SUCCESS : Intent.DANGER}>{row.pass ? t('tests.pass') : t('tests.fail')}</Tag>}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {result.errors.length > 0 && (
        <Callout intent={Intent.WARNING} compact>
          {result.errors.map((error, index) => (
            <p key={index}>
              <code>{error.field}</code> : {fieldErrorText(error)}
            </p>
          ))}
        </Callout>
      )}
    </div>
  );
}
