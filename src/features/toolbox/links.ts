/** Toolbox URLs carry the organisation whose toolbox is shown (`?orga=`): the private layout has no organisation in its path. */
import { paths } from '../../app/paths';

const withOrga = (path: string, orgaId: string) => `${path}?orga=${encodeURIComponent(orgaId)}`;

export const toolboxLinks = {
  kits: (orgaId: string) => withOrga(paths.kits(), orgaId),
  kit: (orgaId: string, kitId: string) => withOrga(paths.kit(kitId), orgaId),
  component: (orgaId: string, componentId: string) => withOrga(paths.component(componentId), orgaId),
  newComponent: (orgaId: string, kitId: string) => `${withOrga(paths.component('new'), orgaId)}&kit=${encodeURIComponent(kitId)}`,
};
