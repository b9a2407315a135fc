/**
 * import-export: download the versioned export file; import one with a preview of what changes. Other
 * areas add their own transfer panels below (`extraPanels`, composed in src/app: features do not
 * import each other).
 */
import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { FileInput } from '../../ui/file-input';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { mayCall } from '../../contract/define';
import { exportEnvironment, importEnvironment, type EnvironmentListItem, type SettingsChange } from '../../contract/environments';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { EnvManagementShell } from './env-management-shell';
import { environmentQueries } from './queries';
import { SettingsChangesTable } from '../../ui/settings-changes-table';

/** A panel another area adds to the page, given the environment and whether the caller may import. */
export type TransferPanel = (props: { envId: string; canImport: boolean }) => ReactNode;

export function ImportExportPage({ extraPanels = [] }: { extraPanels?: readonly TransferPanel[] }) {
  return (
    <EnvManagementShell page="import-export">
      {(env, projectId) => <ImportExport key={env.id} env={env} projectId={projectId} extraPanels={extraPanels} />}
    </EnvManagementShell>
  );
}

function ImportExport({ env, projectId, extraPanels }: { env: EnvironmentListItem; projectId: string; extraPanels: readonly TransferPanel[] }) {
  const { t } = useTranslation('environments');
  const queryClient = useQueryClient();
  // Provider SRE may export (it reads the settings anyway) but not replace a whole configuration.
  const canImport = mayCall(importEnvironment, useQuery(environmentQueries.project(projectId)).data);
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [changes, setChanges] = useState<SettingsChange[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    try {
      const data = await request(exportEnvironment, { params: { envId: env.id } });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${env.name.replace(/[^\w.-]+/g, '_') || 'environment'}.postroom.json`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error({ summary: tr('errors:messages.generic'), detail: errorMessage(error) });
    }
  };

  const preview = async (picked: File | undefined) => {
    setChanges(null);
    setProblem(null);
    setFile(null);
    if (!picked) return;
    let content: unknown;
    try {
      content = JSON.parse(await picked.text());
    } catch {
      setProblem(t('importExport.notJson'));
      return;
    }
    setFile({ name: picked.name, content });
    try {
      const result = await request(importEnvironment, { params: { envId: env.id }, body: { file: content, dryRun: true } });
      setChanges(result.changes);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const apply = async (): Promise<boolean> => {
    if (!file) return false;
    try {
      await request(importEnvironment, { params: { envId: env.id }, body: { file: file.content, dryRun: false } });
      await queryClient.invalidateQueries({ queryKey: environmentQueries.all() });
      toast.success({ summary: tr('errors:generic.import.success') });
      setFile(null);
      setChanges(null);
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.import.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  // A previewed file not applied yet is an unsaved change; "save and leave" applies it.
  const guard = useUnsavedChangesGuard({ when: file !== null && (changes?.length ?? 0) > 0, onSave: apply });

  return (
    <>
      <Card className="p-section">
        <h2>{t('importExport.export')}</h2>
        <p>{t('importExport.exportHelp')}</p>
        <Button icon="download" text={t('importExport.download')} onClick={() => void download()} />
      </Card>
      {canImport && (
        <Card className="p-section">
          <h2>{t('importExport.import')}</h2>
          <FileInput
            text={file?.name ?? t('importExport.choose')}
            inputProps={{ accept: '.json,application/json', id: 'import-file' }}
            onInputChange={(e) => void preview((e.target as HTMLInputElement).files?.[0])}
          />
          {problem && <Callout intent={Intent.DANGER} className="p-import-problem">{problem}</Callout>}
          {changes && changes.length === 0 && <Callout intent={Intent.SUCCESS}>{t('importExport.noChange')}</Callout>}
          {changes && changes.length > 0 && (
            <>
              <SettingsChangesTable changes={changes} />
              <Button intent="primary" text={t('importExport.apply')} onClick={() => void apply()} />
            </>
          )}
        </Card>
      )}
      {extraPanels.map((Panel, index) => (
        <Panel key={index} envId={env.id} canImport={canImport} />
      ))}
      {guard}
    </>
  );
}
