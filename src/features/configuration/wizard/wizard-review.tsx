/**
 * The wizard's last step: what will be created, one "create" that sends it all in one request
 * (`configuration.wizard`, one server transaction), then the test sentence through the environment's
 * NLU and the category's module (`categorization.test`), saying whether the new category was given.
 * Before creation, the same sentence runs through the NLU engine in the browser on the draft
 * (wizard-preview-panel.tsx): what would match, with nothing stored.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, H2, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { runCreationWizard, type WizardResult } from '../../../contract/creation-wizard';
import { testCategorization } from '../../../contract/categorization';
import { DocumentCategories } from '../../../ui/category-decisions';
import { paths } from '../../../app/paths';
import { nluQueries } from '../nlu/queries';
import { categorizationQueries } from '../categorization/queries';
import { categorizationErrorText } from '../categorization/messages';
import { wizardBody, type WizardDraft } from './wizard-draft';
import { wizardErrorText } from './wizard-errors';
import { runWizardPreview, useWizardNluItems, WizardPreviewPanel } from './wizard-preview-panel';
import type { WizardPreview } from './wizard-preview';
import { Field } from '../../../ui/form';

interface ReviewProps {
  projectId: string;
  envId: string;
  draft: WizardDraft;
  contextName: string;
  moduleName: string;
  canEdit: boolean;
  created: WizardResult | null;
  onCreated: (result: WizardResult) => void;
}

export function WizardReview({ projectId, envId, draft, contextName, moduleName, canEdit, created, onCreated }: ReviewProps) {
  const { t } = useTranslation(['wizard', 'nlu', 'categorization']);
  const queryClient = useQueryClient();
  const [sentence, setSentence] = useState('');
  const nluItems = useWizardNluItems(envId);
  const [preview, setPreview] = useState<WizardPreview | null>(null);
  const body = wizardBody(draft);
  const test = useMutation({
    mutationFn: (moduleId: string) => request(testCategorization, { params: { envId }, body: { text: sentence, moduleId } }),
  });
  const create = useMutation({
    mutationFn: () => request(runCreationWizard, { params: { envId }, body }),
    onSuccess: async (result) => {
      onCreated(result);
      await Promise.all([queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) }), queryClient.invalidateQueries({ queryKey: categorizationQueries.env(envId) })]);
      if (sentence.trim() !== '') test.mutate(result.moduleId);
    },
  });
  const found = test.data?.nlu.flatMap((block) => block.result.interactions.map((interaction) => interaction.id)) ?? [];
  const given = test.data?.result.documents.flatMap((doc) => doc.categories.map((decision) => decision.category)) ?? [];
  const works = given.includes(body.category.name);

  return (
    <>
      <H2 className="p-card-heading">{t('review.title')}</H2>
      <ul className="p-wizard__review" data-testid="wizard-review">
        <li>{t('review.archetype', { name: body.archetype.name, language: body.archetype.language, dictionary: body.archetype.dictionary })}</li>
        <li>{t('review.interaction', { name: body.interaction.name, contextName, parameter: body.interaction.parameter, archetype: body.archetype.name })}</li>
        {body.functions.length === 0 ? (
          <li>{t('review.noFunction')}</li>
        ) : (
          body.functions.map((fn) => <li key={fn.name}>{t('review.function', { name: fn.name, kind: t(`nlu:functions.kinds.${fn.kind}.label`), value: fn.stringValue ?? '' })}</li>)
        )}
        <li>
          {t('review.category', {
            name: body.category.name,
            target: t(`categorization:categories.tabs.${body.category.target}`),
            module: moduleName,
            rule: body.category.ruleName ?? body.interaction.name,
          })}
        </li>
      </ul>
      <Field label={t('review.sentence')} labelFor="wizard-sentence" helperText={t('review.sentenceHelp')}>
        <TextArea
          id="wizard-sentence"
          fill
          rows={3}
          value={sentence}
          onChange={(event) => {
            setSentence(event.currentTarget.value);
            setPreview(null);
          }}
        />
      </Field>
      {created === null ? (
        <div className="p-toolbar">
          <Button
            icon="play"
            text={t('actions.preview')}
            disabled={sentence.trim() === '' || nluItems === null}
            onClick={() => setPreview(runWizardPreview(nluItems!, draft, sentence, contextName))}
          />
          <Button intent={Intent.PRIMARY} icon="tick" text={t('actions.create')} disabled={!canEdit} loading={create.isPending} onClick={() => create.mutate()} />
        </div>
      ) : (
        <Button icon="play" text={t('actions.test')} disabled={sentence.trim() === ''} loading={test.isPending} onClick={() => test.mutate(created.moduleId)} />
      )}
      {created === null && preview !== null && <WizardPreviewPanel preview={preview} draft={draft} />}
      {create.isError && (
        <Callout intent={Intent.DANGER} compact data-testid="wizard-error">
          {wizardErrorText(create.error)}
        </Callout>
      )}
      {created !== null && (
        <Callout intent={Intent.SUCCESS} data-testid="wizard-created">
          <p>{t('review.created')}</p>
          <ul>
            <li>
              <Link to={paths.nluArchetype(projectId, envId, created.archetypeId)}>{body.archetype.name}</Link>
            </li>
            <li>
              <Link to={paths.nluInteraction(projectId, envId, created.interactionId)}>{body.interaction.name}</Link>
            </li>
            <li>
              <Link to={paths.categorizationCategory(projectId, envId, created.moduleId, created.categoryId)}>{body.category.name}</Link>
            </li>
          </ul>
        </Callout>
      )}
      {test.isError && (
        <Callout intent={Intent.DANGER} compact data-testid="wizard-test-error">
          {categorizationErrorText(test.error)}
        </Callout>
      )}
      {test.data && (
        <section aria-labelledby="wizard-test-title" data-testid="wizard-test-result">
          <H2 className="p-card-heading" id="wizard-test-title">{t('review.testTitle')}</H2>
          <Callout intent={works ? Intent.SUCCESS : Intent.WARNING} compact data-testid="wizard-test-verdict">
            {t(works ? 'review.chainWorks' : 'review.chainMissed', { name: body.category.name })}
          </Callout>
          <p>{found.length > 0 ? t('review.interactionsFound', { names: [...new Set(found)].join(', ') }) : t('review.noInteraction')}</p>
          <p>{given.length > 0 ? t('review.categoriesGiven', { names: given.join(', ') }) : t('review.noCategory')}</p>
          <DocumentCategories documents={test.data.result.documents} />
        </section>
      )}
    </>
  );
}
