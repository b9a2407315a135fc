/**
 * The advanced creation wizard (spec §2.4 Configuration, §5 Advanced creation): steps
 * archetype → interaction → functions → category → review. §5: it needs at least one context (else
 * it says so and links to the contexts page) and warns on duplicate names at each step, holding the
 * step until the name changes (the server would refuse it). Nothing is written before the review's
 * "create"; leaving with a draft asks first (unsaved-changes guard).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { Pending } from '../../../ui/pending';
import { useTranslation } from 'react-i18next';
import { categorizationConfigSchema } from '../../../contract/categorization';
import type { WizardResult } from '../../../contract/creation-wizard';
import { useUnsavedChangesGuard } from '../../../ui/unsaved-changes';
import { paths } from '../../../app/paths';
import { ConfigurationFrame, useConfigurationEnv } from '../shared/configuration-frame';
import { nluQueries } from '../nlu/queries';
import { categorizationQueries } from '../categorization/queries';
import { duplicateNames, emptyDraft, stepComplete, WIZARD_STEPS, type ExistingNames, type WizardDraft } from './wizard-draft';
import { ArchetypeStep, CategoryStep, FunctionsStep, InteractionStep } from './wizard-steps';
import { WizardReview } from './wizard-review';
import { LoadError } from '../../../ui/load-error';
import { Form } from '../../../ui/form';
import { EmptyState } from '../../../ui/empty-state';

export function CreationWizardPage() {
  const { t } = useTranslation(['wizard', 'routes', 'common']);
  const { projectId, envId, canEdit } = useConfigurationEnv();
  const contexts = useQuery(nluQueries.contexts(envId));
  const archetypes = useQuery(nluQueries.archetypes(envId));
  const interactions = useQuery(nluQueries.interactions(envId));
  const functions = useQuery(nluQueries.functions(envId));
  const modules = useQuery(categorizationQueries.modules(envId));
  const categorizationModules = (modules.data ?? []).filter((module) => module.type === 'categorization');
  const settings = useQueries({ queries: categorizationModules.map((module) => categorizationQueries.categorization(envId, module.id)) });
  const [draft, setDraft] = useState<WizardDraft | null>(null);
  const [step, setStep] = useState(0);
  const [created, setCreated] = useState<WizardResult | null>(null);
  const [showRequired, setShowRequired] = useState(false);

  const existing: ExistingNames = useMemo(
    () => ({
      archetypes: (archetypes.data ?? []).map((item) => item.name),
      interactions: (interactions.data ?? []).map((item) => ({ contextId: item.contextId, name: item.name })),
      functions: (functions.data ?? []).map((item) => item.name),
      categories: settings.flatMap((query) =>
        query.data ? (categorizationConfigSchema.safeParse(query.data.config).data?.categories ?? []).map((category) => ({ moduleId: query.data.module.id, name: category.name })) : [],
      ),
    }),
    [archetypes.data, interactions.data, functions.data, settings],
  );
  const guard = useUnsavedChangesGuard({ when: draft !== null && created === null });

  const loading = [contexts, archetypes, interactions, functions, modules].find((query) => query.isPending);
  const failed = [contexts, archetypes, interactions, functions, modules].find((query) => query.isError);
  const frame = (body: React.ReactNode) => <ConfigurationFrame title={t('routes:creationWizard')}>{body}</ConfigurationFrame>;
  if (failed) return frame(<LoadError title={t('loadError')} query={failed} />);
  if (loading) return frame(<Pending queries={[contexts, archetypes, interactions, functions, modules]} size={30} />);
  if ((contexts.data ?? []).length === 0) {
    return frame(
      <EmptyState
        icon="folder-close"
        title={t('needsContext.title')}
        description={t('needsContext.description')}
        action={<Link to={paths.nlu(projectId, envId, 'contexts')}>{t('needsContext.action')}</Link>}
      />,
    );
  }
  if (categorizationModules.length === 0) {
    return frame(
      <EmptyState
        icon="tag"
        title={t('needsModule.title')}
        description={t('needsModule.description')}
        action={<Link to={paths.envManagementOf(projectId, envId, 'settings')}>{t('needsModule.action')}</Link>}
      />,
    );
  }

  const current = draft ?? emptyDraft(contexts.data![0]!.id, categorizationModules[0]!.id);
  const change = (next: WizardDraft) => {
    setDraft(next);
    setShowRequired(false);
  };
  const stepName = WIZARD_STEPS[step]!;
  const warnings = duplicateNames(stepName, current, existing);
  const complete = stepComplete(stepName, current);
  const contextName = contexts.data!.find((context) => context.id === current.interaction.contextId)?.name ?? '';
  const moduleName = categorizationModules.find((module) => module.id === current.category.moduleId)?.name ?? '';
  const next = () => {
    if (!complete) return setShowRequired(true);
    if (warnings.length === 0) setStep(step + 1);
  };

  return frame(
    <div className="p-wizard">
      <p className="bp6-text-muted">{t('intro')}</p>
      {!canEdit && (
        <Callout intent={Intent.WARNING} compact>
          {t('readOnly')}
        </Callout>
      )}
      <ol className="p-wizard__steps" aria-label={t('steps.label')}>
        {WIZARD_STEPS.map((name, index) => (
          <li key={name} aria-current={index === step ? 'step' : undefined} className={index === step ? 'is-current' : index < step ? 'is-done' : undefined}>
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
      <Form
        className="p-wizard__step"
        aria-label={t(`steps.${stepName}`)}
        onSubmit={(event) => {
          event.preventDefault();
          if (stepName !== 'review') next();
        }}
      >
        {stepName === 'archetype' && <ArchetypeStep draft={current} onChange={change} />}
        {stepName === 'interaction' && <InteractionStep draft={current} onChange={change} contexts={contexts.data!} />}
        {stepName === 'functions' && <FunctionsStep draft={current} onChange={change} />}
        {stepName === 'category' && <CategoryStep draft={current} onChange={change} modules={categorizationModules} contextName={contextName} />}
        {stepName === 'review' && (
          <WizardReview projectId={projectId} envId={envId} draft={current} contextName={contextName} moduleName={moduleName} canEdit={canEdit} created={created} onCreated={setCreated} />
        )}
        {warnings.map((warning) => (
          <Callout key={`${warning.kind}:${warning.name}`} intent={Intent.WARNING} compact data-testid="wizard-duplicate">
            {t(`warnings.${warning.kind}`, { name: warning.name })}
          </Callout>
        ))}
        {showRequired && !complete && (
          <Callout intent={Intent.WARNING} compact>
            {t('warnings.required')}
          </Callout>
        )}
        <div className="p-toolbar">
          {step > 0 && created === null && <Button icon="chevron-left" text={t('actions.back')} onClick={() => setStep(step - 1)} />}
          {stepName !== 'review' && <Button type="submit" intent={Intent.PRIMARY} endIcon="chevron-right" text={t('actions.next')} disabled={warnings.length > 0} />}
          {created !== null && (
            <Button
              icon="refresh"
              text={t('actions.restart')}
              onClick={() => {
                setDraft(null);
                setCreated(null);
                setStep(0);
              }}
            />
          )}
        </div>
      </Form>
      {guard}
    </div>,
  );
}
