/**
 * The review step's test before creation: the sentence through the NLU engine in the browser, on the
 * environment's NLU items plus the draft (wizard-preview.ts); whether the draft interaction is found,
 * so whether the new category would be given. Nothing is sent or stored.
 */
import { DEFAULT_AI_VERSION } from '../../../contract/nlu-entities';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Callout, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { nluQueries } from '../nlu/queries';
import { configErrorText } from '../nlu/nlu-errors';
import { wizardBody, type WizardDraft } from './wizard-draft';
import { previewWizard, type WizardPreview } from './wizard-preview';

/** The NLU items the preview needs, fetched as the NLU screens fetch them (already cached by the wizard). */
export function useWizardNluItems(envId: string) {
  const archetypes = useQuery(nluQueries.archetypes(envId)).data;
  const contexts = useQuery(nluQueries.contexts(envId)).data;
  const interactions = useQuery(nluQueries.interactions(envId)).data;
  const functions = useQuery(nluQueries.functions(envId)).data;
  const servers = useQuery(nluQueries.servers(envId)).data;
  return useMemo(
    () =>
      archetypes && contexts && interactions && functions && servers ? { items: { archetypes, contexts, interactions, functions }, servers } : null,
    [archetypes, contexts, interactions, functions, servers],
  );
}

type Loaded = NonNullable<ReturnType<typeof useWizardNluItems>>;

/** Runs the preview with the AI version of a server analysing the draft's context (the first one otherwise). */
export function runWizardPreview(loaded: Loaded, draft: WizardDraft, sentence: string, contextName: string): WizardPreview {
  const server = loaded.servers.find((item) => item.contexts.includes(contextName)) ?? loaded.servers[0];
  return previewWizard(loaded.items, draft, sentence, server?.aiVersion ?? DEFAULT_AI_VERSION);
}

export function WizardPreviewPanel({ preview, draft }: { preview: WizardPreview; draft: WizardDraft }) {
  const { t } = useTranslation('wizard');
  const body = wizardBody(draft);
  const names = [...new Set(preview.interactions.filter((interaction) => interaction.complete).map((interaction) => interaction.id))];
  return (
    <section aria-labelledby="wizard-preview-title" data-testid="wizard-preview">
      <H2 className="p-card-heading" id="wizard-preview-title">{t('review.previewTitle')}</H2>
      <Callout intent={preview.chainWorks ? Intent.SUCCESS : Intent.WARNING} compact data-testid="wizard-preview-verdict">
        {preview.chainWorks
          ? t('review.previewWorks', { interaction: body.interaction.name, values: preview.parameterValues.join(', '), name: body.category.name })
          : t('review.previewMissed', { interaction: body.interaction.name, name: body.category.name })}
      </Callout>
      <p>{names.length > 0 ? t('review.interactionsFound', { names: names.join(', ') }) : t('review.noInteraction')}</p>
      {preview.errors.length > 0 && (
        <Callout intent={Intent.DANGER} compact title={t('review.previewErrors')}>
          <ul>
            {preview.errors.map((error, index) => (
              <li key={index}>{configErrorText(error)}</li>
            ))}
          </ul>
        </Callout>
      )}
    </section>
  );
}
