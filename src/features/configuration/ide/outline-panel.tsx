/**
 * The outline of the document beside the editor: its entities as a tree (sections, modules with
 * their categories and rules, archetypes, contexts with their interactions, servers…), each a button
 * that moves the editor to its line; a filter keeps the entities whose name contains the words.
 */
import { useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { filterOutline, type OutlineNode } from '../../../configuration-document/outline';

function Entries({ nodes, onPick }: { nodes: readonly OutlineNode[]; onPick: (line: number) => void }) {
  const { t } = useTranslation('configurationIde');
  return (
    <ul className="p-config-ide__outline-list">
      {nodes.map((node) => (
        <li key={node.path.join('/')}>
          <Button
            variant="minimal"
            size="small"
            alignText="start"
            onClick={() => onPick(node.line)}
            title={t('outline.goTo', { line: node.line })}
            data-outline-kind={node.kind}
          >
            {node.kind === 'section' ? <strong>{t(`outline.sections.${node.label}` as never)}</strong> : node.label}
            {node.kind === 'section' && <span className="bp6-text-muted"> ({node.children.length})</span>}
          </Button>
          {node.children.length > 0 && <Entries nodes={node.children} onPick={onPick} />}
        </li>
      ))}
    </ul>
  );
}

export function OutlinePanel({ outline, onPick }: { outline: readonly OutlineNode[]; onPick: (line: number) => void }) {
  const { t } = useTranslation('configurationIde');
  const [filter, setFilter] = useState('');
  const shown = filterOutline(outline, filter);
  return (
    <nav className="p-config-ide__outline" aria-label={t('outline.title')} data-testid="configuration-ide-outline">
      <InputGroup type="search" leftIcon="search-text" placeholder={t('outline.filter')} aria-label={t('outline.filter')} value={filter} onValueChange={setFilter} size="small" />
      {shown.length === 0 ? <p className="bp6-text-muted">{t('outline.none')}</p> : <Entries nodes={shown} onPick={onPick} />}
    </nav>
  );
}
