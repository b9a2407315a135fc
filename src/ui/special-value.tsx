/**
 * A counted value as the results screens show it. The special values (NO_QUALIFIED, NO_CATEGORY,
 * NO_DOMAIN_RULE) keep their code, which the spec and the exports name, with a short explanation
 * beside it and the full one as its tooltip, in the reader's language.
 */
import { useTranslation } from 'react-i18next';
import { SPECIAL_VALUES } from '../contract/testing-evaluation';

type Special = (typeof SPECIAL_VALUES)[number];
export const isSpecialValue = (value: string): value is Special => (SPECIAL_VALUES as readonly string[]).includes(value);

/** `brief`: the code with its tooltip only (where the row already says why, as an outcome's rule does, or in narrow headers). */
export function ValueLabel({ value, brief = false }: { value: string; brief?: boolean }) {
  // Plain values render as text without a translation hook: the confusion matrix has many headers.
  return isSpecialValue(value) ? <SpecialValue value={value} brief={brief} /> : <>{value}</>;
}

function SpecialValue({ value, brief }: { value: Special; brief: boolean }) {
  const { t } = useTranslation('testRuns');
  return (
    <span className="p-special-value" title={t(`specialValues.${value}.help`)} data-special-value={value}>
      <code>{value}</code>
      {!brief && <small className="bp6-text-muted"> ({t(`specialValues.${value}.short`)})</small>}
    </span>
  );
}
