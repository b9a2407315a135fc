/** The "save to toolbox" button of an entity screen, for configurators, in the environment the route names. */
import type { ComponentType } from '../../../contract/toolbox';
import { SaveToToolboxButton } from '../../../ui/save-to-toolbox';
import { useConfigurationEnv } from './configuration-frame';

export function EnvSaveToToolbox({ type, name, context }: { type: ComponentType; name: string; context?: string }) {
  const { envId, project, canEdit } = useConfigurationEnv();
  if (!canEdit) return null;
  return <SaveToToolboxButton orgaId={project?.organisationId} envId={envId} type={type} name={name} context={context} />;
}
