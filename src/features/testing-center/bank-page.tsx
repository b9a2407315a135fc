/**
 * messages-bank (the bank list): search, filters on tag, input type, qualification state and set,
 * pages, all done by the server (a bank may hold 10 000 messages: one page is ever loaded), kept in
 * the URL; selection with tag editing, a set from the selection and deletion (confirmed); the sets.
 */
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { request } from '../../api/request';
import { QUALIFICATION_STATES, type BankSet } from '../../contract/testing-center';
import { BANK_PAGE_SIZES, createBankSet, deleteBankMessages, deleteBankSet, tagBankMessages } from '../../contract/testing-center-bank';
import { INPUT_TYPES } from '../../contract/uploads';
import { confirm } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { errorMessage } from '../../api/errors';
import { bankQueryOf, readBankFilters, writeBankFilters, type BankFilters } from './bank-filters';
import { BankTable } from './bank-table';
import { bankQueries } from './queries';
import { SetDialog, type NewSetInput } from './set-dialog';
import { SetsPanel } from './sets-panel';
import { TagsDialog } from './tags-dialog';
import { useDebounced } from './use-debounced';
import { Field } from '../../ui/form';

export function BankPage() {
  const { t } = useTranslation('testingCenter');
  const projectId = useParams().projectId ?? '';
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readBankFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebounced(searchText, 300);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<'tags' | 'set' | 'setByTags' | null>(null);

  const change = (next: Partial<BankFilters>) => setParams(writeBankFilters({ ...filters, page: 1, ...next }), { replace: true });
  useEffect(() => {
    if (search !== filters.search) change({ search });
    // Only the debounced text drives the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const list = useQuery(bankQueries.list(projectId, bankQueryOf(filters, filters.search)));
  const tags = useQuery(bankQueries.tags(projectId));
  const sets = useQuery(bankQueries.sets(projectId));
  const knownTags = (tags.data?.tags ?? []).map((tag) => tag.tag);
  const refresh = () => queryClient.invalidateQueries({ queryKey: bankQueries.all(projectId) });
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / filters.pageSize));

  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const applyTags = async (add: string[], remove: string[]) => {
    try {
      await request(tagBankMessages, { params: { projectId }, body: { messageIds: [...selected], add, remove } });
      toast.success({ summary: tr('errors:generic.update.success') });
      await refresh();
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.update.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const createSet = async (input: NewSetInput) => {
    try {
      await request(createBankSet, { params: { projectId }, body: input });
      toast.success({ summary: tr('errors:generic.create.success') });
      setSelected(new Set());
      await refresh();
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.create.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const removeMessages = async () => {
    if (!(await confirm({ body: tr('testingCenter:bank.deleteConfirm', { count: selected.size }), danger: true }))) return;
    try {
      await request(deleteBankMessages, { params: { projectId }, body: { messageIds: [...selected] } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      setSelected(new Set());
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };
  const removeSet = async (set: BankSet) => {
    if (!(await confirm({ body: tr('testingCenter:sets.deleteConfirm', { name: set.name }), danger: true }))) return;
    try {
      await request(deleteBankSet, { params: { projectId, setId: set.id } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      if (filters.setId === set.id) change({ setId: '' });
      await refresh();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };

  return (
    <div className="p-bank" data-testid="bank-page">
      <h1 className="p-page__title">{t('routes:messagesBank' as never)}</h1>
      <div className="p-toolbar" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'flex-end' }}>
        <Field label={t('bank.search')} labelFor="bank-search">
          <InputGroup id="bank-search" type="search" leftIcon="search" value={searchText} onValueChange={setSearchText} />
        </Field>
        <Field label={t('bank.tag')} labelFor="bank-tag">
          <HTMLSelect id="bank-tag" value={filters.tag} onChange={(e) => change({ tag: e.currentTarget.value })} options={[{ value: '', label: t('bank.all') }, ...knownTags.map((tag) => ({ value: tag, label: tag }))]} />
        </Field>
        <Field label={t('bank.inputType')} labelFor="bank-input">
          <HTMLSelect
            id="bank-input"
            value={filters.inputType}
            onChange={(e) => change({ inputType: e.currentTarget.value as BankFilters['inputType'] })}
            options={[{ value: '', label: t('bank.all') }, ...INPUT_TYPES.map((type) => ({ value: type, label: t(`inputTypes.${type}`) }))]}
          />
        </Field>
        <Field label={t('bank.state')} labelFor="bank-state">
          <HTMLSelect
            id="bank-state"
            value={filters.qualification}
            onChange={(e) => change({ qualification: e.currentTarget.value as BankFilters['qualification'] })}
            options={[{ value: '', label: t('bank.all') }, ...QUALIFICATION_STATES.map((state) => ({ value: state, label: t(`states.${state}`) }))]}
          />
        </Field>
        <Field label={t('bank.set')} labelFor="bank-set">
          <HTMLSelect id="bank-set" value={filters.setId} onChange={(e) => change({ setId: e.currentTarget.value })} options={[{ value: '', label: t('bank.all') }, ...(sets.data?.sets ?? []).map((set) => ({ value: set.id, label: set.name }))]} />
        </Field>
        <Link className="bp6-button bp6-intent-primary" to={paths.messagesImport(projectId)} style={{ marginBottom: 15 }}>
          {t('bank.import')}
        </Link>
      </div>

      <div className="p-toolbar" aria-live="polite" style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', minHeight: 30 }}>
        {selected.size > 0 && (
          <>
            <span data-testid="bank-selection">{t('bank.selected', { count: selected.size })}</span>
            <ButtonGroup>
              <Button icon="tag" text={t('bank.editTags')} onClick={() => setDialog('tags')} />
              <Button icon="add" text={t('bank.setFromSelection')} onClick={() => setDialog('set')} />
              <Button icon="trash" intent={Intent.DANGER} text={t('bank.delete')} onClick={() => void removeMessages()} />
              <Button minimal text={t('bank.clearSelection')} onClick={() => setSelected(new Set())} />
            </ButtonGroup>
          </>
        )}
      </div>

      <ListState query={list} isEmpty={(list.data?.items ?? []).length === 0} emptyText={t('bank.empty')} errorText={t('bank.error')}>
        <BankTable projectId={projectId} items={list.data?.items ?? []} selected={selected} onSelect={select} />
        <nav className="p-pagination" aria-label={t('bank.pages')} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          <Button icon="chevron-left" aria-label={t('bank.previousPage')} disabled={filters.page <= 1} onClick={() => change({ page: filters.page - 1 })} />
          <span data-testid="bank-page-info">{t('bank.pageOf', { page: filters.page, pages: pageCount, count: list.data?.total ?? 0 })}</span>
          <Button icon="chevron-right" aria-label={t('bank.nextPage')} disabled={filters.page >= pageCount} onClick={() => change({ page: filters.page + 1 })} />
          <HTMLSelect aria-label={t('bank.pageSize')} value={filters.pageSize} onChange={(e) => change({ pageSize: Number(e.currentTarget.value) })} options={BANK_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))} />
        </nav>
      </ListState>

      <SetsPanel projectId={projectId} sets={sets.data?.sets ?? []} onFilter={(setId) => change({ setId })} onDelete={(set) => void removeSet(set)} onCreate={() => setDialog('setByTags')} />

      {dialog === 'tags' && <TagsDialog count={selected.size} knownTags={knownTags} onClose={() => setDialog(null)} onApply={applyTags} />}
      {(dialog === 'set' || dialog === 'setByTags') && (
        <SetDialog selection={dialog === 'set' ? [...selected] : []} knownTags={knownTags} onClose={() => setDialog(null)} onCreate={createSet} />
      )}
    </div>
  );
}
