/**
 * domain-rules-v2 (spec §2.2, §6 qualifier): per classification kind, how values compare by value
 * format (text, number, array; booleans and objects are always exact), per-field rules, and whether
 * unlisted fields count as NO_DOMAIN_RULE. A descriptor form per kind. Category kinds compare names
 * only: they offer exact or insensitive text (`comparisonModes`, the rule the server checks too).
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { mayCall } from '../../../contract/define';
import { comparisonModes, EVALUATION_KINDS, isLabelKind, type Comparison, type EvaluationKind, type KindRulesV2 } from '../../../contract/testing-evaluation';
import type { ValueFormat } from '../../../contract/modules/extraction';
import { saveDomainRulesV2, type TestRunDetail } from '../../../contract/testing-runs';
import { AutoForm, type AutoField } from '../../../ui/auto-form';
import { ListState } from '../../../ui/list-state';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { testRunQueries } from '../runs/queries';
import { useSaveDomainRules } from './save-rules';
import { fieldRulesFromText, fieldRulesToText } from './rules-text';
import { Field, Form } from '../../../ui/form';

type Rules = TestRunDetail['rules'];
type Draft = { string: string; number: string; array: string; tolerance: number; insensitiveElements: boolean; onlyListedFields: boolean; fields: string };

const NONE = 'exact';

/**
 * A kind's rules with only modes that apply to it: one saved before category kinds were limited
 * (a "same day" on categories) becomes exact, which is how it compared; the server refuses the rest.
 */
function meaningful(rules: KindRulesV2): KindRulesV2 {
  const formats = Object.entries(rules.formats) as [ValueFormat, Comparison][];
  return { ...rules, formats: Object.fromEntries(formats.map(([format, comparison]) => [format, comparisonModes(rules.kind, format).includes(comparison.mode) ? comparison : { ...comparison, mode: 'exact' }])) };
}

const toForm = (found: KindRulesV2 | undefined): Draft => {
  const rules = found && meaningful(found);
  return {
    string: rules?.formats.string?.mode ?? NONE,
    number: rules?.formats.number?.mode ?? NONE,
    array: rules?.formats.array?.mode ?? NONE,
    tolerance: rules?.formats.number?.tolerance ?? 0,
    insensitiveElements: rules?.formats.array?.insensitiveElements ?? false,
    onlyListedFields: rules?.onlyListedFields ?? false,
    fields: fieldRulesToText(rules?.fields ?? []),
  };
};

export function DomainRulesV2Page() {
  const { t } = useTranslation('testRuns');
  const projectId = useParams().projectId ?? '';
  const rules = useQuery(testRunQueries.domainRules(projectId));
  const [kind, setKind] = useState<EvaluationKind>('categories');
  return (
    <section className="p-page" data-page="domain-rules-v2">
      <h1>{t('domainRulesV2.title')}</h1>
      <Callout className="p-section">{t('domainRulesV2.help')}</Callout>
      <Field label={t('domainRulesV2.kind')} labelFor="rules-v2-kind" inline>
        <HTMLSelect id="rules-v2-kind" value={kind} onChange={(event) => setKind(event.currentTarget.value as EvaluationKind)} options={EVALUATION_KINDS.map((entry) => ({ value: entry, label: t(`kinds.${entry}`) }))} />
      </Field>
      <ListState query={rules} errorText={t('domainRules.error')}>
        {rules.data && <KindForm key={`${kind}:${JSON.stringify(rules.data.v2)}`} projectId={projectId} kind={kind} rules={rules.data} />}
      </ListState>
    </section>
  );
}

function KindForm({ projectId, kind, rules }: { projectId: string; kind: EvaluationKind; rules: Rules }) {
  const { t } = useTranslation('testRuns');
  const saveRules = useSaveDomainRules(projectId);
  const project = useQuery(testRunQueries.project(projectId));
  const canSave = mayCall(saveDomainRulesV2, project.data);
  const saved = toForm(rules.v2.kinds.find((entry) => entry.kind === kind));
  const [form, setForm] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const mode = (value: string): { value: string; label: string } => ({ value, label: t(`modes.${value}` as never) });
  const labelKind = isLabelKind(kind);

  const save = async (): Promise<boolean> => {
    const fields = fieldRulesFromText(form.fields);
    if ('badLine' in fields) {
      setErrors({ fields: t('domainRulesV2.badLine', { line: fields.badLine }) });
      return false;
    }
    setErrors({});
    const comparison = (value: string, extra: Partial<Comparison> = {}): Comparison => ({ mode: value as Comparison['mode'], tolerance: 0, insensitiveElements: false, ...extra });
    // A category kind keeps only its text comparison: numbers, arrays and fields do not apply to names.
    const kindRules: KindRulesV2 = labelKind
      ? { kind, formats: { string: comparison(form.string) }, fields: [], onlyListedFields: false }
      : {
          kind,
          formats: {
            string: comparison(form.string),
            number: comparison(form.number, { tolerance: form.tolerance }),
            array: comparison(form.array, { insensitiveElements: form.insensitiveElements }),
          },
          fields: fields.fields,
          onlyListedFields: form.onlyListedFields,
        };
    return saveRules(() => request(saveDomainRulesV2, { params: { projectId }, body: { kinds: [...rules.v2.kinds.filter((entry) => entry.kind !== kind).map(meaningful), kindRules] } }));
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });
  const fields: AutoField<keyof Draft>[] = [
    { name: 'string', kind: 'select', label: t('domainRulesV2.string'), options: comparisonModes(kind, 'string').map(mode), disabled: !canSave },
    { name: 'number', kind: 'select', label: t('domainRulesV2.number'), options: comparisonModes(kind, 'number').map(mode), disabled: !canSave, hidden: labelKind },
    { name: 'tolerance', kind: 'number', label: t('domainRulesV2.tolerance'), min: 0, disabled: !canSave, hidden: labelKind || form.number !== 'tolerance' },
    { name: 'array', kind: 'select', label: t('domainRulesV2.array'), options: comparisonModes(kind, 'array').map(mode), disabled: !canSave, hidden: labelKind },
    { name: 'insensitiveElements', kind: 'switch', label: t('domainRulesV2.insensitiveElements'), disabled: !canSave, hidden: labelKind || form.array !== 'set' },
    { name: 'onlyListedFields', kind: 'switch', label: t('domainRulesV2.onlyListedFields'), disabled: !canSave, hidden: labelKind },
    { name: 'fields', kind: 'textarea', label: t('domainRulesV2.fields'), placeholder: 'montant = tolerance 0.01', disabled: !canSave, hidden: labelKind },
  ];
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <AutoForm id={`rules-v2-${kind}`} fields={fields} value={form} onChange={setForm} errors={errors} />
      <Button type="submit" intent="primary" icon="floppy-disk" text={t('domainRules.save')} disabled={!canSave || !dirty} />
      {guard}
    </Form>
  );
}
