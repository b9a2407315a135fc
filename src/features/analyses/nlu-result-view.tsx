/**
 * The NLU module's result on the analysis page: for each analysed text block, the
 * labelling view (the block's text from the extractor's result, spans headed by archetype names) and
 * the interactions table. Unreadable results fall back to the JSON tree.
 */
import { Classes, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { extractorResultSchema, type ModuleResult } from '../../contract/analyses';
import { nluModuleResultSchema } from '../../contract/nlu-module';
import { JsonTree } from '../../ui/json-tree';
import { LabellingView } from '../../ui/labelling-view';
import { NluInteractionsTable } from '../../ui/nlu-interactions-table';
import { languageName } from '../../i18n/language-names';
import type { Language } from '../../storage/preferences';

export function NluResultView({ module, modules }: { module: ModuleResult; modules: readonly ModuleResult[] }) {
  const { t, i18n } = useTranslation(['analyses', 'nlu']);
  const parsed = nluModuleResultSchema.safeParse(module.result);
  if (!parsed.success) return <JsonTree value={module.result} />;
  const extractor = modules.find((item) => item.type === 'extractor');
  const documents = extractorResultSchema.safeParse(extractor?.result).data?.documents ?? [];
  const { blocks, server, blocksNotAnalysed } = parsed.data;
  return (
    <div data-testid="nlu-result">
      <p className={Classes.TEXT_MUTED}>{t('nlu:result.server', { server })}</p>
      {blocks.length === 0 && <p className={Classes.TEXT_MUTED}>{t('nlu:result.noBlock')}</p>}
      {blocks.map((block) => {
        const text = documents[block.document]?.blocks[block.block]?.text;
        return (
          <section key={`${block.document}-${block.block}`} data-testid="nlu-block" data-document={block.documentName} data-document-index={block.document} data-block-index={block.block} data-page={block.page ?? ''} style={{ marginBottom: '1rem' }}>
            <H5>
              {block.documentName}
              {block.page !== null && ` — ${t('nlu:result.page', { page: block.page })}`} ({languageName(block.result.language, i18n.language as Language)})
            </H5>
            {text === undefined ? (
              <p className={Classes.TEXT_MUTED}>{t('nlu:result.textMissing')}</p>
            ) : (
              <LabellingView text={text} labels={block.result.labels} label={t('nlu:test.labelsOf')} />
            )}
            <NluInteractionsTable interactions={block.result.interactions} />
          </section>
        );
      })}
      {blocksNotAnalysed > 0 && <p className={Classes.TEXT_MUTED}>{t('nlu:result.notAnalysed', { count: blocksNotAnalysed })}</p>}
    </div>
  );
}
