/**
 * domain-rules (spec §2.2, §6 qualifier): the v1 rules (categories in scope, skipped, merged into
 * another) as a descriptor form; the help says how they count (docs/guide/testing-center.md, "Testing center — domain
 * rules, test runs, results").
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { mayCall } from '../../../contract/define';
import { saveDomainRulesV1, type TestRunDetail } from '../../../contract/testing-runs';
import { AutoForm, type AutoField } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { testRunQueries } from '../runs/queries';
import { useSaveDomainRules } from './save-rules';
import { lines, mergedFromText, mergedToText } from './rules-text';
import { Form } from '../../../ui/form';

type Draft = { inScope: string; skipped: string; merged: string };
type Rules = TestRunDetail['rules'];

const toForm = (rules: Rules): Draft => ({ inScope: rules.v1.inScope.join('\n'), skipped: rules.v1.skipped.join('\n'), merged: mergedToText(rules.v1.merged) });

export function DomainRulesPage() {
  const { t } = useTranslation('testRuns');
  const projectId = useParams().projectId ?? '';
  const rules = useQuery(testRunQueries.domainRules(projectId));
  return (
    <section className="p-page" data-page="domain-rules">
      <h1>{t('domainRules.title')}</h1>
      <Callout className="p-section">{t('domainRules.help')}</Callout>
      <ListState query={rules} errorText={t('domainRules.error')}>
        {rules.data && <RulesForm key={JSON.stringify(rules.data.v1)} projectId={projectId} rules={rules.data} />}
      </ListState>
    </section>
  );
}

function RulesForm({ projectId, rules }: { projectId: string; rules: Rules }) {
  const { t } = useTranslation('testRuns');
  const saveRules = useSaveDomainRules(projectId);
  const project = useQuery(testRunQueries.project(projectId));
  const canSave = mayCall(saveDomainRulesV1, project.data);
  const saved = toForm(rules);
  const [form, setForm] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);

  const save = async (): Promise<boolean> => {
    const merged = mergedFromText(form.merged);
    if ('badLine' in merged) {
      setErrors({ merged: t('domainRules.badLine', { line: merged.badLine }) });
      return false;
    }
    setErrors({});
    return saveRules(() => request(saveDomainRulesV1, { params: { projectId }, body: { inScope: lines(form.inScope), skipped: lines(form.skipped), merged: merged.merged } }));
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });
  const fields: AutoField<keyof Draft>[] = [
    { name: 'inScope', kind: 'textarea', label: t('domainRules.inScope'), disabled: !canSave },
    { name: 'skipped', kind: 'textarea', label: t('domainRules.skipped'), disabled: !canSave },
    { name: 'merged', kind: 'textarea', label: t('domainRules.merged'), placeholder: 'Devis urgent => Demande de devis', disabled: !canSave },
  ];
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <AutoForm id="domain-rules" fields={fields} value={form} onChange={setForm} errors={errors} />
      <Button type="submit" intent="primary" icon="floppy-disk" text={t('domainRules.save')} disabled={!canSave || !dirty} />
      {guard}
    </Form>
  );
}
