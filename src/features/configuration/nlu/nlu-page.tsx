/** The frame of every NLU screen: title, a way back to the configuration menu, the page's actions. */
import type { ReactNode } from 'react';
import { ConfigurationFrame, useConfigurationEnv, type Crumb } from '../shared/configuration-frame';

export function useNluEnv() {
  const { projectId, envId, canEdit } = useConfigurationEnv();
  return { projectId, envId, canEdit };
}

export function NluPage({ title, actions, parent, children }: { title: string; actions?: ReactNode; parent?: Crumb; children: ReactNode }) {
  return (
    <ConfigurationFrame title={title} actions={actions} crumbs={parent ? [parent] : []}>
      {children}
    </ConfigurationFrame>
  );
}
