/**
 * Search a node by name: the first matches as a list of buttons under the field (Tab reaches them,
 * Enter in the field takes the first). Case and accents are ignored.
 */
import { useMemo, useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GraphNode } from './build-graph';
import { Field } from '../../../ui/form';

const MAX_RESULTS = 12;
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function GraphSearch({ nodes, onPick }: { nodes: readonly GraphNode[]; onPick: (id: string) => void }) {
  const { t } = useTranslation('configurationGraph');
  const [query, setQuery] = useState('');
  const folded = useMemo(() => nodes.map((node) => ({ node, name: fold(node.label) })), [nodes]);
  const results = useMemo(() => {
    const wanted = fold(query.trim());
    if (wanted === '') return [];
    // Names that start with the query first, then those that contain it.
    const starts = folded.filter((item) => item.name.startsWith(wanted));
    const contains = folded.filter((item) => !item.name.startsWith(wanted) && item.name.includes(wanted));
    return [...starts, ...contains].slice(0, MAX_RESULTS).map((item) => item.node);
  }, [folded, query]);
  const pick = (id: string) => {
    onPick(id);
    setQuery('');
  };
  return (
    <div className="cg-search">
      <Field label={t('search.label')} labelFor="cg-search-input">
        <InputGroup
          id="cg-search-input"
          type="search"
          leftIcon="search"
          placeholder={t('search.placeholder')}
          value={query}
          onValueChange={setQuery}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && results[0]) pick(results[0].id);
          }}
        />
      </Field>
      {query.trim() !== '' && (
        <ul className="cg-search__results" aria-label={t('search.results')}>
          {results.length === 0 && <li className="bp6-text-muted">{t('search.none')}</li>}
          {results.map((node) => (
            <li key={node.id}>
              <Button variant="minimal" alignText="start" fill onClick={() => pick(node.id)} text={`${t(`kinds.${node.kind}`)} · ${node.label}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
