/**
 * The information extraction module's result on the analysis page: the values per
 * analysis (input type empty) or per document, with each field's error translated by its code.
 */
import { Callout, Classes, H3, Intent } from '@blueprintjs/core';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ModuleResult } from '../../contract/analyses';
import { extractionResultSchema, type FieldError } from '../../contract/modules/extraction';
import { JsonTree } from '../../ui/json-tree';
import { DataTable } from '../../ui/data-table';

const errorText = (error: FieldError) =>
  i18next.t(`extraction:fieldErrors.${error.code}` as never, { ...error.params, line: error.params.line ?? '?', interpolation: { escapeValue: false } } as never) as unknown as string;

function Values({ fields, errors, caption, labels }: { fields: Record<string, unknown>; errors: readonly FieldError[]; caption: string; labels?: Record<string, string> }) {
  const { t } = useTranslation('extraction');
  return (
    <>
      <H3 className="p-card-heading">{caption}</H3>
      <DataTable compact className="p-table" aria-label={caption}>
        <thead>
          <tr>
            <th>{t('result.field')}</th>
            <th>{t('result.value')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(fields).map(([name, value]) => (
            <tr key={name} data-testid="extracted-field" data-field={name}>
              <td>{labels?.[name] ?? <code>{name}</code>}</td>
              <td>
                {value === null ? (
                  <span className={Classes.TEXT_MUTED}>{t('result.notFound')}</span>
                ) : Array.isArray(value) && value.length === 0 ? (
                  // A list field that found nothing says so in words, not as an empty tree ("▼ [0]").
                  <span className={Classes.TEXT_MUTED}>{t('result.emptyList')}</span>
                ) : typeof value === 'object' ? (
                  <JsonTree value={value} />
                ) : (
                  String(value)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {errors.length > 0 && (
        <Callout intent={Intent.WARNING} compact>
          {errors.map((error, index) => (
            <p key={index}>
              <code>{error.field}</code> : {errorText(error)}
            </p>
          ))}
        </Callout>
      )}
    </>
  );
}

/** `labels`: the fields' labels by name, shown instead of the names (the self-service result). */
export function ExtractionResultView({ module, labels }: { module: ModuleResult; labels?: Record<string, string> }) {
  const { t } = useTranslation('extraction');
  const parsed = extractionResultSchema.safeParse(module.result);
  if (!parsed.success) return <JsonTree value={module.result} />;
  const result = parsed.data;
  return (
    <div data-testid="extraction-result">
      {result.fields !== null && <Values fields={result.fields} errors={result.errors} caption={t('result.analysis')} labels={labels} />}
      {result.scope === 'documents' && result.documents.length === 0 && <p className={Classes.TEXT_MUTED}>{t('result.noDocument')}</p>}
      {result.documents.map((doc) => (
        <Values key={doc.document} fields={doc.fields} errors={doc.errors} caption={t('result.document', { name: doc.documentName })} labels={labels} />
      ))}
    </div>
  );
}
