/**
 * The Documentation tab (§2.4): the variables, filters and builtins a snippet can use, listed from
 * the engine's own registries (src/extraction/snippets.ts, filters.ts, builtins.ts) — the same lists
 * the sandbox is built from, and whose examples a unit test runs.
 */
import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EXTRACTION_LIMITS } from '../../../contract/extraction';
import { EXTRACTION_BUILTIN_DOCS } from '../../../extraction/builtins';
import { EXAMPLE_TEXT, SNIPPET_FILTERS } from '../../../extraction/filters';
import { SNIPPET_VARIABLES } from '../../../extraction/snippets';
import { DataTable } from '../../../ui/data-table';

/** A cell: plain text, or `{ code }` for a name or program shown as code. */
type DocCell = string | { code: string };

/** One documentation table: a header of column titles, then a row of cells per entry. */
function DocTable<T>({ label, columns, rows, keyOf, cellsOf, rowTestId }: { label: string; columns: string[]; rows: readonly T[]; keyOf: (row: T) => string; cellsOf: (row: T) => DocCell[]; rowTestId?: string }) {
  return (
    <DataTable compact className="p-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={keyOf(row)} data-testid={rowTestId}>
            {cellsOf(row).map((cell, index) => (
              <td key={index}>{typeof cell === 'string' ? cell : <code>{cell.code}</code>}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function DocumentationTab() {
  const { t, i18n } = useTranslation('extraction');
  const lang = i18n.language.startsWith('en') ? 'en' : 'fr';
  const columns = [t('docs.name'), t('docs.description'), t('docs.example')];
  return (
    <section data-testid="extraction-documentation">
      <p>{t('docs.intro')}</p>
      <p className="bp6-text-muted">{t('docs.limits', { timeMs: EXTRACTION_LIMITS.snippetTimeMs, outputChars: EXTRACTION_LIMITS.snippetOutputChars, programChars: EXTRACTION_LIMITS.snippetProgramChars })}</p>
      <H2 className="p-card-heading">{t('docs.variables')}</H2>
      <DocTable
        label={t('docs.variables')}
        columns={columns}
        rows={SNIPPET_VARIABLES}
        keyOf={(variable) => variable.name}
        cellsOf={(variable) => [{ code: variable.name }, variable.description[lang], { code: variable.example }]}
      />
      <H2 className="p-card-heading">{t('docs.filters')}</H2>
      <p>{t('docs.exampleText')}</p>
      <pre className="p-pre">{EXAMPLE_TEXT}</pre>
      <DocTable
        label={t('docs.filters')}
        columns={[...columns, t('docs.output')]}
        rows={SNIPPET_FILTERS}
        keyOf={(filter) => filter.name}
        rowTestId="extraction-doc-filter"
        cellsOf={(filter) => [{ code: filter.signature }, filter.description[lang], { code: filter.example.program }, { code: filter.example.output }]}
      />
      <p className="bp6-text-muted">{t('docs.standardFilters')}</p>
      <H2 className="p-card-heading">{t('docs.builtins')}</H2>
      <p className="bp6-text-muted">{t('docs.builtinsHelp')}</p>
      <DocTable
        label={t('docs.builtins')}
        columns={columns}
        rows={EXTRACTION_BUILTIN_DOCS}
        keyOf={(builtin) => builtin.name}
        cellsOf={(builtin) => [{ code: builtin.name }, builtin.description[lang], builtin.example]}
      />
    </section>
  );
}
