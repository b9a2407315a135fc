/**
 * messages-bank/parameters: the classification kinds (§3) with their ignored and public/private flags,
 * as field descriptors for the AutoForm. Configurators save (every message's state is recomputed);
 * qualifiers read. Hidden, tab and route, when the `disableTestCenterConfigurationTab` flag is on.
 */
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { request } from '../../api/request';
import { mayCall } from '../../contract/define';
import { CLASSIFICATION_KINDS } from '../../contract/testing-center';
import { saveTestingCenterParameters } from '../../contract/testing-center-bank';
import { useFlag } from '../../storage/feature-flags';
import { AutoForm } from '../../ui/auto-form';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { errorMessage } from '../../api/errors';
import { flatParameters, parametersFields, parametersOf, type ParametersValue } from './parameters-fields';
import { bankQueries } from './queries';
import { Form } from '../../ui/form';

export function ParametersPage() {
  const projectId = useParams().projectId ?? '';
  const hidden = useFlag('disableTestCenterConfigurationTab');
  if (hidden) return <Navigate to={paths.messagesBank(projectId)} replace />;
  return <Parameters projectId={projectId} />;
}

function Parameters({ projectId }: { projectId: string }) {
  const { t } = useTranslation('testingCenter');
  const queryClient = useQueryClient();
  const parameters = useQuery(bankQueries.parameters(projectId));
  const project = useQuery(bankQueries.project(projectId));
  const canSave = mayCall(saveTestingCenterParameters, project.data);
  const [value, setValue] = useState<ParametersValue | null>(null);
  const [initial, setInitial] = useState('');
  useEffect(() => {
    if (!parameters.data) return;
    const flat = flatParameters(parameters.data);
    setValue(flat);
    setInitial(JSON.stringify(flat));
  }, [parameters.data]);
  const dirty = value !== null && JSON.stringify(value) !== initial;

  const save = async (): Promise<boolean> => {
    if (!value) return false;
    try {
      const saved = await request(saveTestingCenterParameters, { params: { projectId }, body: parametersOf(value) });
      queryClient.setQueryData(bankQueries.parameters(projectId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: bankQueries.lists(projectId) });
      setInitial(JSON.stringify(flatParameters(saved)));
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const unsaved = useUnsavedChanges({ when: dirty, onSave: save });

  return (
    <div className="p-tc-parameters" data-testid="tc-parameters">
      <h1 className="p-page__title">{t('routes:testParameters' as never)}</h1>
      <p className="bp6-text-muted">{t('parameters.help')}</p>
      {!canSave && project.data && <Callout compact intent="primary">{t('parameters.readOnly')}</Callout>}
      <ListState query={parameters} errorText={t('parameters.error')}>
        {value && (
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {CLASSIFICATION_KINDS.map((kind) => (
              <Card key={kind} compact data-kind={kind} style={{ marginBottom: '0.75rem' }}>
                <h2 className="p-card-heading">{t(`kinds.${kind}`)}</h2>
                <AutoForm id={`tc-${kind}`} fields={parametersFields(t, kind, !canSave)} value={value} onChange={setValue} />
              </Card>
            ))}
            {canSave && <Button type="submit" intent="primary" icon="floppy-disk" text={t('parameters.save')} disabled={!dirty} />}
          </Form>
        )}
      </ListState>
      {unsaved.dialog}
    </div>
  );
}
