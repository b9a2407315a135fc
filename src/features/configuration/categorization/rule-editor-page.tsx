/**
 * A rule (§3 Category: rules with priority, taint, criteria, AND/OR, disabled flag): its fields as
 * descriptors for AutoForm, the criteria builder, and the taint behind the `taints` feature flag.
 * Saving saves the module's configuration; a new rule then gets its own address.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NEW_ITEM, paths } from '../../../app/paths';
import { ruleSchema, type CategorizationSettings, type Rule } from '../../../contract/categorization';
import { useFlag } from '../../../storage/feature-flags';
import { AutoForm, type AutoField } from '../../../ui/auto-form';
import { MissingItemError } from '../../../ui/missing-item';
import { ListState } from '../../../ui/list-state';
import { CategorizationFrame, useCategorizationEnv } from './categorization-frame';
import { ConfigForm } from './config-form';
import { CriteriaBuilder, type PickerData } from './criteria-builder';
import { translatedError } from './messages';
import { categorizationQueries } from './queries';
import { nextPriority } from './rule-order';
import { newId, useConfigEditor } from './use-config-editor';

export function RuleEditorPage() {
  const { t } = useTranslation(['categorization', 'routes', 'common']);
  const { envId, moduleId, projectId } = useCategorizationEnv();
  const { categoryId = '', ruleId = NEW_ITEM } = useParams();
  const settings = useQuery(categorizationQueries.categorization(envId, moduleId));
  const category = settings.data?.config.categories.find((item) => item.id === categoryId);
  const rule = category?.rules.find((item) => item.id === ruleId);
  const missing = settings.data !== undefined && (category === undefined || (ruleId !== NEW_ITEM && rule === undefined));
  return (
    <CategorizationFrame
      title={rule?.name ?? (missing ? t('common:missing.crumb.item') : t('rules.new'))}
      crumbs={[
        { text: t('routes:categorization'), to: paths.categorization(projectId, envId) },
        { text: settings.data?.module.name ?? moduleId, to: paths.categorizationModule(projectId, envId, moduleId, category?.target) },
        { text: category?.name ?? t('routes:categorizationCategory'), to: paths.categorizationCategory(projectId, envId, moduleId, categoryId) },
      ]}
    >
      <ListState query={settings} error={translatedError(settings.error) ?? (missing ? new MissingItemError(t('rules.notFound')) : null)}
        errorText={t('categories.error')}
        missing={
          category === undefined
            ? { text: t('common:missing.text.category'), back: { to: paths.categorizationModule(projectId, envId, moduleId), text: t('common:missing.back.categories') } }
            : { text: t('common:missing.text.rule'), back: { to: paths.categorizationCategory(projectId, envId, moduleId, categoryId), text: t('common:missing.back.category') } }
        }
      >
        {settings.data && category && <RuleEditor key={rule?.id ?? NEW_ITEM} settings={settings.data} categoryId={categoryId} existing={rule} />}
      </ListState>
    </CategorizationFrame>
  );
}

interface Fields extends Record<string, unknown> {
  name: string;
  priority: number;
  enabled: boolean;
  combinator: 'and' | 'or';
  taintName: string;
  taintScope: 'document' | 'analysis';
}

function RuleEditor({ settings, categoryId, existing }: { settings: CategorizationSettings; categoryId: string; existing: Rule | undefined }) {
  const { t } = useTranslation('categorization');
  const { envId, projectId, moduleId, canEdit } = useCategorizationEnv();
  const taints = useFlag('taints');
  const navigate = useNavigate();
  const editor = useConfigEditor(envId, settings);
  const category = editor.draft.categories.find((item) => item.id === categoryId)!;
  const [initial] = useState<Rule>(() => existing ?? { id: newId('rule'), name: '', priority: nextPriority(category.rules), enabled: true, combinator: 'and', criteria: [], taint: null });
  const [rule, setRule] = useState<Rule>(initial);
  const [issues, setIssues] = useState<Record<string, string>>({});
  // A new rule, once saved, moves to its own address; the guard must be off before that navigation.
  const [created, setCreated] = useState(false);
  const dirty = !created && (JSON.stringify(rule) !== JSON.stringify(existing ?? initial) || (existing === undefined && rule.name !== ''));
  const data: PickerData = {
    interactions: settings.interactions,
    categories: [...settings.earlierCategories, ...editor.draft.categories.filter((item) => item.id !== categoryId)],
  };

  const save = async (): Promise<boolean> => {
    const parsed = ruleSchema.safeParse(rule);
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      setIssues({
        ...(fields.has('name') ? { name: t('rules.nameRequired') } : {}),
        ...(fields.has('criteria') ? { criteria: t('builder.incomplete') } : {}),
        ...(fields.has('taint') ? { taintName: t('rules.taintInvalid') } : {}),
      });
      return false;
    }
    setIssues({});
    const rules = existing ? category.rules.map((item) => (item.id === rule.id ? parsed.data : item)) : [...category.rules, parsed.data];
    const config = { ...editor.draft, categories: editor.draft.categories.map((item) => (item.id === categoryId ? { ...item, rules } : item)) };
    const saved = await editor.save(config);
    if (saved && !existing) setCreated(true);
    return saved;
  };
  // The guard lives in ConfigForm, a child: its effect (guard off) has run when this one navigates.
  useEffect(() => {
    if (created) navigate(paths.categorizationRule(projectId, envId, moduleId, categoryId, rule.id), { replace: true });
  }, [created, navigate, projectId, envId, moduleId, categoryId, rule.id]);

  const value: Fields = { name: rule.name, priority: rule.priority, enabled: rule.enabled, combinator: rule.combinator, taintName: rule.taint?.name ?? '', taintScope: rule.taint?.scope ?? 'analysis' };
  const fields: AutoField<Extract<keyof Fields, string>>[] = [
    { name: 'name', kind: 'text', label: t('rules.name'), required: true, help: t('rules.nameHelp') },
    { name: 'priority', kind: 'number', label: t('rules.priority'), min: 0, max: 1_000_000, help: t('rules.priorityHelp') },
    { name: 'enabled', kind: 'switch', label: t('rules.enabled') },
    { name: 'combinator', kind: 'select', label: t('rules.combinator'), options: (['and', 'or'] as const).map((value) => ({ value, label: t(`combinator.${value}Long`) })) },
    { name: 'taintName', kind: 'text', label: t('rules.taint'), help: t('rules.taintHelp'), hidden: !taints },
    { name: 'taintScope', kind: 'select', label: t('rules.taintScope'), options: (['analysis', 'document'] as const).map((value) => ({ value, label: t(`taintScope.${value}`) })), hidden: !taints || rule.taint === null },
  ].map((field) => ({ ...field, disabled: !canEdit }) as AutoField<Extract<keyof Fields, string>>);

  return (
    <ConfigForm dirty={dirty} onSave={save} canEdit={canEdit} saving={editor.saving} saveDisabled={!dirty && existing !== undefined} messages={editor.messages}>
      <AutoForm
        id="rule"
        fields={fields}
        value={value}
        errors={issues}
        onChange={(next) =>
          setRule({
            ...rule,
            name: next.name,
            priority: next.priority,
            enabled: next.enabled,
            combinator: next.combinator,
            taint: next.taintName.trim() === '' ? null : { name: next.taintName, scope: next.taintScope },
          })
        }
      />
      <H2 className="p-card-heading">{t('builder.title')}</H2>
      <CriteriaBuilder criteria={rule.criteria} data={data} disabled={!canEdit} onChange={(criteria) => setRule({ ...rule, criteria })} />
      {issues.criteria && <p className="bp6-intent-danger bp6-text-muted">{issues.criteria}</p>}
    </ConfigForm>
  );
}
