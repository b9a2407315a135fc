/** Search across the whole document: every line holding the words, each a link to that line. */
import { useMemo, useState } from 'react';
import { Button, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const MAX_RESULTS = 200;

export function searchLines(text: string, query: string): { line: number; text: string }[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === '') return [];
  const found: { line: number; text: string }[] = [];
  text.split('\n').forEach((row, index) => {
    if (found.length < MAX_RESULTS && row.toLowerCase().includes(wanted)) found.push({ line: index + 1, text: row.trim() });
  });
  return found;
}

export function SearchPanel({ text, onPick }: { text: string; onPick: (line: number) => void }) {
  const { t } = useTranslation('configurationIde');
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchLines(text, query), [text, query]);
  return (
    <section className="p-config-ide__search" aria-label={t('search.title')} data-testid="configuration-ide-search">
      <InputGroup type="search" leftIcon="search" placeholder={t('search.placeholder')} aria-label={t('search.placeholder')} value={query} onValueChange={setQuery} size="small" />
      {query.trim() !== '' && <p className="bp6-text-muted">{t('search.count', { count: results.length })}</p>}
      <ul className="p-config-ide__outline-list">
        {results.map((result) => (
          <li key={result.line}>
            <Button variant="minimal" size="small" alignText="start" onClick={() => onPick(result.line)}>
              <span className="bp6-text-muted">{t('problems.line', { line: result.line })}</span> {result.text}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
