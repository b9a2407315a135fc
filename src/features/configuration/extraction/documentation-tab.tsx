/**
 * The Documentation tab (§2.4): the variables, filters and builtins a snippet can use, listed from
 * the engine's own registries (src/extraction/snippets.ts, filters.ts, builtins.ts) — the same lists
 * the sandbox is built from, and whose examples a unit test runs.
 */
import { H4, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EXTRACTION_LIMITS } from '../../../contract/extraction';
import { EXTRACTION_BUILTIN_DOCS } from '../../../extraction/builtins';
import { EXAMPLE_TEXT, SNIPPET_FILTERS } from '../../../extraction/filters';
import { SNIPPET_VARIABLES } from '../../../extraction/snippets';

export function DocumentationTab() {
  const { t, i18n } = useTranslation('extraction');
  const lang = i18n.language.startsWith('en') ? 'en' : 'fr';
  return (
    <section data-testid="extraction-documentation">
      <p>{t('docs.intro')}</p>
      <p className="bp6-text-muted">{t('docs.limits', { timeMs: EXTRACTION_LIMITS.snippetTimeMs, outputChars: EXTRACTION_LIMITS.snippetOutputChars, programChars: EXTRACTION_LIMITS.snippetProgramChars })}</p>
      <H4>{t('docs.variables')}</H4>
      <HTMLTable compact className="p-table" aria-label={t('docs.variables')}>
        <thead>
          <tr>
            <th>{t('docs.name')}</th>
            <th>{t('docs.description')}</th>
            <th>{t('docs.example')}</th>
          </tr>
        </thead>
        <tbody>
          {SNIPPET_VARIABLES.map((variable) => (
            <tr key={variable.name}>
              <td>
                <code>{variable.name}</code>
              </td>
              <td>{variable.description[lang]}</td>
              <td>
                <code>{variable.example}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <H4>{t('docs.filters')}</H4>
      <p>{t('docs.exampleText')}</p>
      <pre className="p-pre">{EXAMPLE_TEXT}</pre>
      <HTMLTable compact className="p-table" aria-label={t('docs.filters')}>
        <thead>
          <tr>
            <th>{t('docs.name')}</th>
            <th>{t('docs.description')}</th>
            <th>{t('docs.example')}</th>
            <th>{t('docs.output')}</th>
          </tr>
        </thead>
        <tbody>
          {SNIPPET_FILTERS.map((filter) => (
            <tr key={filter.name} data-testid="extraction-doc-filter">
              <td>
                <code>{filter.signature}</code>
              </td>
              <td>{filter.description[lang]}</td>
              <td>
                <code>{filter.example.program}</code>
              </td>
              <td>
                <code>{filter.example.output}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <p className="bp6-text-muted">{t('docs.standardFilters')}</p>
      <H4>{t('docs.builtins')}</H4>
      <p className="bp6-text-muted">{t('docs.builtinsHelp')}</p>
      <HTMLTable compact className="p-table" aria-label={t('docs.builtins')}>
        <thead>
          <tr>
            <th>{t('docs.name')}</th>
            <th>{t('docs.description')}</th>
            <th>{t('docs.example')}</th>
          </tr>
        </thead>
        <tbody>
          {EXTRACTION_BUILTIN_DOCS.map((builtin) => (
            <tr key={builtin.name}>
              <td>
                <code>{builtin.name}</code>
              </td>
              <td>{builtin.description[lang]}</td>
              <td>{builtin.example}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}
