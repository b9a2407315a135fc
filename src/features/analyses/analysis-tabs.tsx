/**
 * The sections of an analysis result as tabs instead of one long scroll. The open tab is in the URL
 * (`?tab=documents`) so a link, a reload or the back button keeps it; the overview is the default and
 * takes no parameter. Blueprint's tabs follow the WAI-ARIA pattern (arrow keys move between tabs).
 * Only the open panel is rendered: heavy module views (PDF pages, NLU labelling) wait until asked for.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export const RESULT_TABS = ['overview', 'documents', 'modules', 'deliveries', 'trace'] as const;
export type ResultTab = (typeof RESULT_TABS)[number];

export function resultTab(value: string | null): ResultTab {
  return (RESULT_TABS as readonly string[]).includes(value ?? '') ? (value as ResultTab) : 'overview';
}

export function AnalysisTabs(panels: Record<ResultTab, ReactNode>) {
  const { t } = useTranslation('analyses');
  const [search, setSearch] = useSearchParams();
  const selected = resultTab(search.get('tab'));
  const select = (tab: ResultTab) => {
    const next = new URLSearchParams(search);
    if (tab === 'overview') next.delete('tab');
    else next.set('tab', tab);
    setSearch(next, { replace: true });
  };
  return (
    <Tabs id="analysis-result" selectedTabId={selected} onChange={(id) => select(id as ResultTab)} renderActiveTabPanelOnly large>
      {RESULT_TABS.map((tab) => (
        // disabled={false} spelled out: Blueprint's arrow keys only move between tabs with aria-disabled="false".
        <Tab key={tab} id={tab} disabled={false} title={t(`result.tabs.${tab}`)} panel={<div className="p-result-panel">{panels[tab]}</div>} />
      ))}
    </Tabs>
  );
}
