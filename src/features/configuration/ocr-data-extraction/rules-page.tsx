/**
 * configuration/ocr-data-extraction/:moduleId — the OCR data extraction module's field rules: the
 * list (add, edit, move, delete with confirmation), one rule at a time in an AutoForm, "go back to
 * the invoice rules", save with `ocrDataExtraction.save`. Problems (src/ocr/rule-checks.ts, the
 * same check the server refuses a save with) show on the rule as it is typed; a refused save's
 * problems show the same way. Unsaved-changes guard. The module's test screen uses the saved rules.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card, H3, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { paths } from '../../../app/paths';
import { saveOcrDataExtractionSettings, type OcrDataExtractionSettings, type OcrRuleProblem } from '../../../contract/ocr-data-extraction';
import { INVOICE_RULES } from '../../../ocr/fields';
import { checkFieldRules } from '../../../ocr/rule-checks';
import { AutoForm } from '../../../ui/auto-form';
import { confirm } from '../../../ui/dialogs/dialog-service';
import { ListState } from '../../../ui/list-state';
import { tr } from '../../../ui/message';
import { toast } from '../../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { OcrRulesFrame, useOcrRulesEnv } from './frame';
import { ocrRulesErrorText, problemText, refusedProblems } from './messages';
import { ocrRulesQueries } from './queries';
import { fromRuleForm, PROBLEM_FIELD, ruleFields, toRuleForm, type RuleFormValue } from './rule-form';
import { RulesTable } from './rules-table';
import { Form } from '../../../ui/form';

export function OcrRulesPage() {
  const { t } = useTranslation(['ocrRules', 'routes']);
  const { envId, moduleId } = useOcrRulesEnv();
  const settings = useQuery(ocrRulesQueries.module(envId, moduleId));
  return (
    <OcrRulesFrame title={settings.data?.module.name ?? t('routes:ocrDataExtraction')} withModules>
      <ListState query={settings} error={settings.error ? new Error(ocrRulesErrorText(settings.error)) : null} errorText={t('error')}>
        {settings.data && <RulesEditor key={moduleId} settings={settings.data} />}
      </ListState>
    </OcrRulesFrame>
  );
}

/** The draft: each rule as its form value (so switching a rule's kind loses nothing typed), and whether they are the module's own. */
type Draft = { rules: RuleFormValue[]; custom: boolean };
const draftOf = (settings: OcrDataExtractionSettings): Draft => ({ rules: settings.rules.map(toRuleForm), custom: settings.custom });
const rulesOf = (draft: Draft) => draft.rules.map(fromRuleForm);
const fingerprint = (draft: Draft) => JSON.stringify({ rules: rulesOf(draft), custom: draft.custom });

function RulesEditor({ settings }: { settings: OcrDataExtractionSettings }) {
  const { t } = useTranslation('ocrRules');
  const { projectId, envId, canEdit } = useOcrRulesEnv();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<Draft>(() => draftOf(settings));
  const [draft, setDraft] = useState<Draft>(saved);
  const [selected, setSelected] = useState<number | null>(null);
  const [refused, setRefused] = useState<OcrRuleProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const dirty = fingerprint(draft) !== fingerprint(saved);
  const problems = useMemo(() => [...checkFieldRules(rulesOf(draft)), ...refused], [draft, refused]);

  const change = (rules: RuleFormValue[]) => {
    setRefused([]);
    setDraft({ rules, custom: true });
  };
  const save = async (): Promise<boolean> => {
    if (checkFieldRules(rulesOf(draft)).length > 0) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: tr('ocrRules:errors.ocrRulesInvalid') });
      return false;
    }
    setSaving(true);
    try {
      const answer = await request(saveOcrDataExtractionSettings, { params: { envId, moduleId: settings.module.id }, body: { rules: draft.custom ? rulesOf(draft) : null } });
      const next = draftOf(answer);
      setSaved(next);
      setDraft(next);
      queryClient.setQueryData(ocrRulesQueries.module(envId, settings.module.id).queryKey, answer);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      setRefused(refusedProblems(error));
      toast.error({ summary: tr('errors:generic.save.failure'), detail: ocrRulesErrorText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const add = () => {
    const taken = new Set(draft.rules.map((rule) => rule.name));
    let number = draft.rules.length + 1;
    while (taken.has(t('newRule', { number }))) number++;
    change([...draft.rules, toRuleForm({ name: t('newRule', { number }), by: 'label', labels: [''] })]);
    setSelected(draft.rules.length);
  };
  const remove = async (index: number) => {
    const name = draft.rules[index]!.name;
    if (!(await confirm({ title: tr('ocrRules:confirm.deleteTitle'), body: tr('ocrRules:confirm.delete', { name }), confirmLabel: tr('ocrRules:confirm.deleteLabel'), danger: true }))) return;
    change(draft.rules.filter((_, at) => at !== index));
    setSelected(null);
  };
  const move = (index: number, to: number) => {
    const rules = [...draft.rules];
    const [rule] = rules.splice(index, 1);
    rules.splice(to, 0, rule!);
    change(rules);
    if (selected === index) setSelected(to);
    else if (selected === to) setSelected(index);
  };
  const reset = async () => {
    if (!(await confirm({ body: tr('ocrRules:confirm.reset'), confirmLabel: tr('ocrRules:confirm.resetLabel'), danger: true }))) return;
    setRefused([]);
    setDraft({ rules: INVOICE_RULES.map(toRuleForm), custom: false });
    setSelected(null);
  };

  const current = selected === null ? undefined : draft.rules[selected];
  const errors = Object.fromEntries(
    problems.filter((problem) => problem.index === selected).map((problem) => [PROBLEM_FIELD[problem.field] ?? problem.field, problemText(problem)]),
  );
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {guard}
      <p className="bp6-text-muted">{t('intro')}</p>
      {!draft.custom && (
        <Callout intent={Intent.PRIMARY} compact data-testid="ocr-rules-defaults">
          {t('defaults')}
        </Callout>
      )}
      <RulesTable rules={rulesOf(draft)} problems={problems} selected={selected} canEdit={canEdit} onEdit={setSelected} onMove={move} onDelete={(index) => void remove(index)} />
      {current && selected !== null && (
        <Card style={{ marginTop: '1rem' }} data-testid="ocr-rule-editor">
          <div className="p-toolbar">
            <H3 style={{ margin: 0 }}>{t('editor.title', { name: current.name || '—' })}</H3>
            <Button minimal icon="cross" aria-label={t('actions.close')} onClick={() => setSelected(null)} />
          </div>
          <AutoForm
            id={`ocr-rule-${selected}`}
            fields={ruleFields(t, current, !canEdit)}
            value={current}
            onChange={(value) => change(draft.rules.map((rule, index) => (index === selected ? value : rule)))}
            errors={errors}
          />
        </Card>
      )}
      <div className="p-toolbar" style={{ marginTop: '1rem' }}>
        {canEdit && <Button icon="add" text={t('actions.add')} onClick={add} />}
        {canEdit && <Button icon="reset" text={t('actions.reset')} onClick={() => void reset()} disabled={!draft.custom} />}
        <Link to={paths.testOcrDataExtraction(projectId, envId)}>{t('actions.test')}</Link>
        {canEdit && <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} disabled={!dirty} loading={saving} />}
      </div>
    </Form>
  );
}
