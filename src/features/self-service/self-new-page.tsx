/**
 * New use case (spec §2.4): the light user picks one of the use-case library (its
 * description in plain words, no configuration detail), names it, and `selfService.create` makes it
 * in their self-service project; they land on the new use case.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card, H2, InputGroup, Intent, Radio } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { templateTextKey } from '../../i18n/use-case-template-texts';
import { errorMessage } from '../../api/errors';
import { request } from '../../api/request';
import { paths } from '../../app/paths';
import { createSelfServiceUseCase } from '../../contract/self-service';
import { listUseCases, type UseCase } from '../../contract/use-cases';
import { ListState } from '../../ui/list-state';
import { selfServiceQueries } from './queries';
import { Field } from '../../ui/form';

/** The server words the templates' names in the reader's language: one list per language. */
const libraryQuery = (orgaId: string, language: string) =>
  queryOptions({
    queryKey: ['selfService', 'library', orgaId, language] as const,
    queryFn: ({ signal }) => request(listUseCases, { params: { orgaId }, signal }),
  });

function Library({ orgaId }: { orgaId: string }) {
  const { t, i18n } = useTranslation(['selfService', 'toolbox']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const library = useQuery(libraryQuery(orgaId, i18n.language));
  const [picked, setPicked] = useState<UseCase | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleOf = (useCase: UseCase) => (useCase.kind === 'template' ? t(templateTextKey(useCase.id, 'title') as never) : useCase.name);
  const descriptionOf = (useCase: UseCase) =>
    useCase.kind === 'template' ? t(templateTextKey(useCase.id, 'description') as never) : useCase.description;

  const pick = (useCase: UseCase) => {
    setPicked(useCase);
    setName(titleOf(useCase));
  };

  const create = async () => {
    if (picked === null) return;
    setBusy(true);
    setFailure(null);
    try {
      const source = picked.kind === 'template' ? { kind: 'template' as const, template: picked.id } : { kind: 'kit' as const, kitId: picked.id };
      const created = await request(createSelfServiceUseCase, { body: { name: name.trim(), source } });
      await queryClient.invalidateQueries({ queryKey: ['selfService'] });
      // Opens the new use case (its analyses, where its files go), rather than the home's list.
      void navigate(paths.selfAnalyses(created.id));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ListState query={library} isEmpty={(library.data ?? []).length === 0} emptyText={t('new.empty')} errorText={t('new.error')}>
      <fieldset style={{ border: 0, padding: 0 }}>
        <legend>{t('new.pick')}</legend>
        {(library.data ?? []).map((useCase) => (
          <Card key={useCase.id} data-use-case={useCase.id} style={{ marginBottom: '0.75rem' }}>
            <Radio name="use-case" checked={picked?.id === useCase.id} onChange={() => pick(useCase)} labelElement={<H2 className="p-card-heading" style={{ display: 'inline' }}>{titleOf(useCase)}</H2>} />
            <p>{descriptionOf(useCase)}</p>
          </Card>
        ))}
      </fieldset>
      <Field label={t('new.name')} labelFor="self-use-case-name">
        <InputGroup id="self-use-case-name" value={name} onValueChange={setName} disabled={picked === null} />
      </Field>
      {failure && <Callout intent={Intent.DANGER}>{failure}</Callout>}
      <Button intent={Intent.PRIMARY} text={t('new.create')} loading={busy} disabled={picked === null || name.trim() === ''} onClick={() => void create()} />
    </ListState>
  );
}

export function SelfNewPage() {
  const { t } = useTranslation('selfService');
  const overview = useQuery(selfServiceQueries.overview());
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('new.title')}</h1>
      <p className="bp6-text-muted">{t('new.intro')}</p>
      <ListState query={overview} isEmpty={false} errorText={t('home.error')}>
        {overview.data && <Library orgaId={overview.data.organisationId} />}
      </ListState>
    </section>
  );
}
