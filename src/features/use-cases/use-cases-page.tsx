/**
 * The use-case library (spec §2.2 use-cases-library, §2.4): the shipped templates and the
 * kits published by the provider, each with its description and what it configures; "use" makes a
 * new environment from it. The list comes from the server (`useCases.list`), which the self-service
 * area's "new use case" reads too. In the full console it waits for the BUC flag (the experimental
 * light edition); the self-service area does not.
 */
import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Card, H2, H3, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { templateTextKey } from '../../i18n/use-case-template-texts';
import { FlagOffPage } from '../../ui/flag-off-page';
import { request } from '../../api/request';
import { listUseCases, type UseCase } from '../../contract/use-cases';
import { ListState } from '../../ui/list-state';
import { UseCaseDialog } from './use-case-dialog';
import { languageName } from '../../i18n/language-names';
import type { Language } from '../../storage/preferences';
import { useFlag } from '../../storage/feature-flags';

/** The server words the templates' names in the reader's language: one list per language. */
const libraryQuery = (orgaId: string, language: string) =>
  queryOptions({
    queryKey: ['useCases', 'library', orgaId, language] as const,
    queryFn: ({ signal }) => request(listUseCases, { params: { orgaId }, signal }),
  });

/** Behind the BUC flag (the experimental light edition): off, the page says how to switch it on. */
export function UseCasesPage({ orgaId }: { orgaId: string }) {
  const { t } = useTranslation(['toolbox', 'routes']);
  const enabled = useFlag('BUC');
  if (!enabled) {
return <FlagOffPage icon="book" title={t('routes:useCasesLibrary')} description={t('useCases.flagOff')} />;
  }
  return <Library orgaId={orgaId} />;
}

function Library({ orgaId }: { orgaId: string }) {
  const { t, i18n } = useTranslation(['toolbox', 'routes']);
  const library = useQuery(libraryQuery(orgaId, i18n.language));
  const [using, setUsing] = useState<{ useCase: UseCase; title: string } | null>(null);
  const titleOf = (useCase: UseCase) => (useCase.kind === 'template' ? t(templateTextKey(useCase.id, 'title') as never) : useCase.name);
  const descriptionOf = (useCase: UseCase) => (useCase.kind === 'template' ? t(templateTextKey(useCase.id, 'description') as never) : useCase.description);

  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:useCasesLibrary')}</h1>
      <p className="bp6-text-muted">{t('useCases.intro')}</p>
      <ListState query={library} isEmpty={(library.data ?? []).length === 0} emptyText={t('useCases.empty')} errorText={t('useCases.error')}>
        {(library.data ?? []).map((useCase) => {
          const title = titleOf(useCase);
          const { summary } = useCase;
          return (
            <Card key={useCase.id} style={{ marginBottom: '1rem' }} data-use-case={useCase.id}>
              <H2 className="p-card-heading">
                {title} <Tag minimal>{useCase.kind === 'template' ? useCase.id : t('useCases.kitBased')}</Tag>
              </H2>
              <p>{descriptionOf(useCase)}</p>
              <H3 className="p-card-heading">{t('useCases.configures')}</H3>
              <ul>
                <li>{t('useCases.languages', { list: summary.languages.map((code) => languageName(code, i18n.language as Language)).join(', ') })}</li>
                <li>{t('useCases.modules', { list: summary.modules.map((module) => module.name).join(', ') })}</li>
                {summary.interactions.length > 0 && <li>{t('useCases.interactions', { count: summary.interactions.length, list: summary.interactions.join(', ') })}</li>}
                {summary.archetypes.length > 0 && <li>{t('useCases.archetypes', { count: summary.archetypes.length })}</li>}
                {summary.categories.length > 0 && <li>{t('useCases.categories', { list: summary.categories.join(', ') })}</li>}
                {summary.extractionFields.length > 0 && <li>{t('useCases.fields', { list: summary.extractionFields.join(', ') })}</li>}
              </ul>
              <Button intent={Intent.PRIMARY} icon="add" text={t('useCases.use')} onClick={() => setUsing({ useCase, title })} />
            </Card>
          );
        })}
      </ListState>
      {using && <UseCaseDialog orgaId={orgaId} useCase={using.useCase} title={using.title} onClose={() => setUsing(null)} />}
    </section>
  );
}
