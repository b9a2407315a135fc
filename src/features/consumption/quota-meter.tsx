/** What is left of the organisation's yearly quota, as a bar and in words. */
import { Intent, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ContractYear, Quota } from '../../contract/consumption';
import type { Language } from '../../storage/preferences';
import { formatCount, formatDay, formatPercent } from './format';

export function QuotaMeter({ quota, contractYear, language }: { quota: Quota; contractYear: ContractYear; language: Language }) {
  const { t } = useTranslation('consumption');
  const n = (value: number) => formatCount(value, language);
  const period = t('quota.contractYear', { start: formatDay(contractYear.start, language), end: formatDay(contractYear.end, language) });
  if (quota.yearlyQuota === null || quota.left === null) {
    return (
      <div className="p-quota" data-testid="quota">
        <p className="p-quota__figure">{t('quota.none', { count: quota.used, used: n(quota.used) })}</p>
        <p className="bp6-text-muted">{period}</p>
      </div>
    );
  }
  const ratio = quota.yearlyQuota === 0 ? 1 : quota.used / quota.yearlyQuota;
  const intent = quota.left < 0 ? Intent.DANGER : ratio >= 0.9 ? Intent.WARNING : Intent.PRIMARY;
  return (
    <div className="p-quota" data-testid="quota">
      <p className="p-quota__figure">
        {quota.left < 0
          ? t('quota.exceeded', { over: n(-quota.left), quota: n(quota.yearlyQuota) })
          : t('quota.left', { count: quota.left, left: n(quota.left), quota: n(quota.yearlyQuota) })}
      </p>
      <ProgressBar
        value={Math.min(1, ratio)}
        intent={intent}
        animate={false}
        stripes={false}
        aria-label={t('quota.used', { count: quota.used, used: n(quota.used), quota: n(quota.yearlyQuota), percent: formatPercent(ratio, language) })}
      />
      <p className="bp6-text-muted">
        {t('quota.used', { count: quota.used, used: n(quota.used), quota: n(quota.yearlyQuota), percent: formatPercent(ratio, language) })} · {period}
      </p>
    </div>
  );
}
