/**
 * Import of the original platform's NLU console export (exportVersion 2) and export back to it: a file
 * picker that sends the file to the import endpoint and shows what was imported and what was not.
 */
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { FileInput } from '../../../ui/file-input';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { exportNlu, importNlu, type NluImportReport } from '../../../contract/nlu';
import { toast } from '../../../ui/toasts/toast-service';
import { tr } from '../../../ui/message';
import { importItemText, nluErrorText } from './nlu-errors';
import { nluQueries } from './queries';
import { saveJson } from './save-file';

export function NluTransferPanel({ envId }: { envId: string }) {
  const { t } = useTranslation('nlu');
  const queryClient = useQueryClient();
  const [report, setReport] = useState<NluImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const importFile = async (file: File) => {
    setBusy(true);
    setReport(null);
    setFailure(null);
    try {
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        setFailure(t('transfer.notJson'));
        return;
      }
      const answer = await request(importNlu, { params: { envId }, body });
      setReport(answer);
      await queryClient.invalidateQueries({ queryKey: nluQueries.env(envId) });
    } catch (error) {
      setFailure(nluErrorText(error));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const exportFile = async () => {
    try {
      saveJson(await request(exportNlu, { params: { envId } }), `nlu-export-${envId}.json`);
    } catch (error) {
      toast.error({ summary: tr('nlu:transfer.exportFailed'), detail: nluErrorText(error) });
    }
  };

  const imported = report?.imported;
  return (
    <section aria-label={t('transfer.title')} data-testid="nlu-transfer">
      <div className="p-toolbar">
        <FileInput
          text={t('transfer.choose')}
          buttonText={t('transfer.browse')}
          disabled={busy}
          inputProps={{ accept: '.json,application/json', ref: input, 'aria-label': t('transfer.import') }}
          onInputChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void importFile(file);
          }}
        />
        <Button icon="download" text={t('transfer.export')} onClick={() => void exportFile()} />
      </div>
      {failure && (
        <Callout intent={Intent.DANGER} compact>
          {failure}
        </Callout>
      )}
      {imported && (
        <Callout intent={report.errors.length > 0 ? Intent.WARNING : Intent.SUCCESS} title={t('transfer.done')} data-testid="nlu-import-report">
          <ul>
            {(['archetypes', 'contexts', 'interactions', 'servers'] as const).map((kind) => (
              <li key={kind}>
                {t(`transfer.imported.${kind}`, { count: imported[kind].length })}
                {imported[kind].length > 0 && ` — ${imported[kind].join(", ")}`}
              </li>
            ))}
          </ul>
          {report.errors.length > 0 && (
            <>
              <p>{t('transfer.errors')}</p>
              <ul>
                {report.errors.map((error, index) => (
                  <li key={index}>
                    <code>{error.at}</code> {error.name && `(${error.name})`} — {importItemText(error)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Callout>
      )}
    </section>
  );
}
