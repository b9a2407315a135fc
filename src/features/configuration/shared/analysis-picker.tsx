/**
 * "Test on an existing analysis": a select of the environment's latest analyses, with its loading
 * and error states, shared by the categorization, extraction and reply template tests.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../ui/form';

export function AnalysisPicker({
  id,
  label,
  analyses,
  value,
  disabled,
  errorText,
  onChange,
}: {
  id: string;
  label: string;
  analyses: UseQueryResult<{ items: { id: string; name: string }[] }>;
  value: string;
  disabled?: boolean;
  /** The translated text of the list's error. */
  errorText: (error: unknown) => string;
  onChange: (analysisId: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Field label={label} labelFor={id} helperText={analyses.isError ? errorText(analyses.error) : undefined}>
      <HTMLSelect
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        options={[
          { value: '', label: analyses.isPending ? t('analysisPicker.loading') : t('analysisPicker.pick') },
          ...(analyses.data?.items ?? []).map((analysis) => ({ value: analysis.id, label: analysis.name })),
        ]}
      />
    </Field>
  );
}
