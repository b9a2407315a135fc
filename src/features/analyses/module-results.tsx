/**
 * Per-module results in pipeline order: the extractor's documents, the NLU labelling view, the
 * categories with why (categorization, consolidation; a quoted word links to its place in the NLU
 * view's text), the extracted data, the vision engine's answer, the output payload as a JSON tree,
 * other modules' outcome and message.
 */
import { Card, Classes, H4, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { extractorResultSchema, type ModuleResult } from '../../contract/analyses';
import { JsonTree } from '../../ui/json-tree';
import { ExtractedDocuments } from './extracted-documents';
import { moduleLabel } from './module-label';
import { NluResultView } from './nlu-result-view';
import { CategorizationResultView, ConsolidationResultView } from './categorization-result-view';
import { ExtractionResultView } from './extraction-result-view';
import { ReplyResultView } from './reply-result-view';
import { VisionResultView } from './vision-result-view';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { useRef } from 'react';
import type { Quote } from '../../contract/modules/categorization';
import { QuoteLocator } from '../../ui/category-decisions';
import { findText, rangeAt, showRange } from '../../ui/find-text';

const INTENT: Record<ModuleResult['outcome'], Intent> = { success: Intent.SUCCESS, error: Intent.DANGER, skipped: Intent.NONE, aborted: Intent.WARNING };

/**
 * The payload's `unavailable` is English for programs: the console leaves it out, the module's message
 * above says why each field is empty in the reader's language.
 */
function withoutUnavailable(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || !('unavailable' in payload)) return payload;
  const { unavailable: _english, ...shown } = payload as Record<string, unknown>;
  return shown;
}

function ModuleBody({ module, modules }: { module: ModuleResult; modules: readonly ModuleResult[] }) {
  const { t } = useTranslation('analyses');
  if (module.result === null || module.result === undefined) return <p className={Classes.TEXT_MUTED}>{t('result.noResult')}</p>;
  if (module.type === 'extractor') {
    const parsed = extractorResultSchema.safeParse(module.result);
    if (parsed.success) return <ExtractedDocuments result={parsed.data} />;
  }
  if (module.type === 'nlu') return <NluResultView module={module} modules={modules} />;
  if (module.type === 'categorization') return <CategorizationResultView module={module} />;
  if (module.type === 'consolidation') return <ConsolidationResultView module={module} />;
  if (module.type === 'extraction') return <ExtractionResultView module={module} />;
  if (module.type === 'replyTemplate') return <ReplyResultView module={module} />;
  if (module.type === 'visionEngine') return <VisionResultView module={module} />;
  return (
    <div data-testid={module.type === 'output' ? 'output-payload' : undefined}>
      {module.type === 'output' && <p className={Classes.TEXT_MUTED}>{t('result.payload')}</p>}
      <JsonTree value={module.type === 'output' ? withoutUnavailable(module.result) : module.result} />
    </div>
  );
}

/**
 * A category's quoted words shown in the NLU view's text of their document (and page): the block
 * they were read in, at their exact place when the quote keeps it (`at`), else the first block of
 * that document and page holding the words; selected there and scrolled to.
 */
function locateQuote(root: HTMLElement | null, quote: Quote, documentName: string | null): boolean {
  const sections = [...(root?.querySelectorAll<HTMLElement>('[data-testid="nlu-block"]') ?? [])];
  const textOf = (section: HTMLElement) => section.querySelector('[data-testid="labelling-view"]') ?? section;
  if (quote.at) {
    const { document, block, start, end } = quote.at;
    const section = sections.find((candidate) => candidate.dataset.documentIndex === String(document) && candidate.dataset.blockIndex === String(block));
    const range = section ? rangeAt(textOf(section), start, end) : null;
    if (range) {
      showRange(range);
      return true;
    }
  }
  const candidates = sections.filter((section) => (documentName === null || section.dataset.document === documentName) && (quote.page === null || section.dataset.page === String(quote.page)));
  for (const section of candidates) {
    const range = findText(textOf(section), quote.text);
    if (range) {
      showRange(range);
      return true;
    }
  }
  return false;
}

export function ModuleResults({ modules }: { modules: readonly ModuleResult[] }) {
  const { t } = useTranslation(['analyses', 'environments']);
  const messages = usePipelineMessage();
  const root = useRef<HTMLDivElement>(null);
  if (modules.length === 0) return <p className={Classes.TEXT_MUTED}>{t('result.noModules')}</p>;
  return (
    <QuoteLocator.Provider value={(quote, documentName) => locateQuote(root.current, quote, documentName)}>
    <div ref={root}>
      {modules.map((module) => {
        const typeName = moduleLabel(t, module.type);
        // A module named after its type ("Extracteur") needs no tag repeating it.
        const sameName = typeName.localeCompare(module.name.trim(), undefined, { sensitivity: 'base' }) === 0;
        return (
        <Card key={module.moduleId} data-testid="module-result" data-module-type={module.type} style={{ marginBottom: '0.75rem' }}>
          <H4 style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
            <span>{module.name}</span>
            {!sameName && <Tag minimal>{typeName}</Tag>}
            <Tag intent={INTENT[module.outcome]}>{t(`outcome.${module.outcome}`)}</Tag>
          </H4>
          {module.message && <p data-testid="module-message">{messages.shown(module)}</p>}
          <ModuleBody module={module} modules={modules} />
        </Card>
        );
      })}
    </div>
    </QuoteLocator.Provider>
  );
}
