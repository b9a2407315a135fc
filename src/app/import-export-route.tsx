/**
 * env-management/import-export with the NLU configuration's own import and export (the original
 * platform's console format) below the environment's: the two features meet here, in app/.
 */
import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NluTransferPanel } from '../features/configuration/nlu/nlu-transfer-panel';
import { ImportExportPage, type TransferPanel } from '../features/environments/import-export-page';

function NluTransfer({ envId, canImport }: Parameters<TransferPanel>[0]) {
  const { t } = useTranslation('nlu');
  // The panel imports as well as exports: shown to those who may import (SRE exports from the NLU pages).
  if (!canImport) return null;
  return (
    <Card className="p-section">
      <H2 className="p-card-heading">{t('transfer.title')}</H2>
      <NluTransferPanel envId={envId} />
    </Card>
  );
}

const PANELS: readonly TransferPanel[] = [NluTransfer];

export function ImportExportRoute() {
  return <ImportExportPage extraPanels={PANELS} />;
}
