/** A kit's tree: its components by type, then its child kits, each with theirs, as nested lists. */
import { Link } from 'react-router';
import { Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { KitTree } from '../../contract/toolbox';
import { toolboxLinks } from './links';

export function KitTreeView({ orgaId, tree, root = true }: { orgaId: string; tree: KitTree; root?: boolean }) {
  const { t } = useTranslation('toolbox');
  return (
    <ul className="p-kit-tree" role={root ? 'tree' : 'group'} aria-label={root ? t('kit.tree') : undefined} style={{ listStyle: 'none', paddingLeft: root ? 0 : '1.5rem' }}>
      {tree.components.map((component) => (
        <li key={component.id} role="treeitem" aria-selected={false} data-component={component.name}>
          <Icon icon="document" /> <Tag minimal>{t(`types.${component.type}`)}</Tag> <Link to={toolboxLinks.component(orgaId, component.id)}>{component.name}</Link>
        </li>
      ))}
      {tree.children.map((child) => (
        <li key={child.kit.id} role="treeitem" aria-selected={false} aria-expanded data-child-kit={child.kit.name}>
          <Icon icon="cube" /> <Link to={toolboxLinks.kit(orgaId, child.kit.id)}>{child.kit.name}</Link>
          <KitTreeView orgaId={orgaId} tree={child} root={false} />
        </li>
      ))}
      {root && tree.components.length === 0 && tree.children.length === 0 && <li className="bp6-text-muted">{t('kit.emptyTree')}</li>}
    </ul>
  );
}
