/**
 * "Add to testing center" (§7.3) on the analysis result: copies the analysis' files and obtained
 * values into the project's message bank as a starting point to qualify. Offered to qualifiers and
 * more (the server checks it); an analysis already in the bank is not copied twice.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { paths } from '../../app/paths';
import { mayCall, type ProjectRights } from '../../contract/define';
import { addAnalysisToBank } from '../../contract/testing-center-bank';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { analysisErrorText } from './analysis-errors';

export function AddToTestingCenter({ envId, analysisId, projectId, rights }: { envId: string; analysisId: string; projectId: string; rights: ProjectRights | undefined }) {
  const { t } = useTranslation('analyses');
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  if (!mayCall(addAnalysisToBank, rights)) return null;
  const add = async () => {
    setBusy(true);
    try {
      const result = await request(addAnalysisToBank, { params: { envId, analysisId }, body: { tags: [] } });
      toast.success({ summary: tr(result.alreadyInBank ? 'analyses:testingCenter.already' : 'analyses:testingCenter.added') });
      setAdded(true);
    } catch (error) {
      toast.error({ summary: tr('analyses:testingCenter.failed'), detail: analysisErrorText(t, error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon="lab-test" text={t('testingCenter.add')} loading={busy} onClick={() => void add()} data-testid="add-to-testing-center" />
      {added && (
        <Link to={paths.messagesBank(projectId)} style={{ marginLeft: '0.5rem' }}>
          {t('testingCenter.open')}
        </Link>
      )}
    </>
  );
}
