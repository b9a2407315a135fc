/**
 * The Documentation tab: every variable a template sees — the names from the engine's own schema
 * (src/replies/variables.ts), an example from the same sample the Tests tab starts from — the
 * filters, includes and limits.
 */
import { H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { REPLY_LIMITS } from '../../../contract/reply-templates';
import { REPLY_SAMPLE_VARIABLES, REPLY_VARIABLE_NAMES } from '../../../replies/variables';
import { DataTable } from '../../../ui/data-table';

const example = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function DocumentationTab() {
  const { t } = useTranslation('replies');
  return (
    <section data-testid="reply-documentation">
      <p>{t('documentation.intro')}</p>
      <DataTable className="p-table" compact>
        <thead>
          <tr>
            <th>{t('documentation.variable')}</th>
            <th>{t('documentation.description')}</th>
            <th>{t('documentation.example')}</th>
          </tr>
        </thead>
        <tbody>
          {REPLY_VARIABLE_NAMES.map((name) => (
            <tr key={name}>
              <td>
                <code>{`{{ ${name} }}`}</code>
              </td>
              <td>{t(`documentation.variables.${name}`)}</td>
              <td>
                <code>{example(REPLY_SAMPLE_VARIABLES[name])}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <H5>{t('documentation.filters')}</H5>
      <p>{t('documentation.filtersHelp')}</p>
      <p>{t('documentation.includesHelp', { max: REPLY_LIMITS.includes })}</p>
      <p className="bp6-text-muted">{t('documentation.limits', { timeMs: REPLY_LIMITS.timeMs, chars: REPLY_LIMITS.draftChars })}</p>
    </section>
  );
}
