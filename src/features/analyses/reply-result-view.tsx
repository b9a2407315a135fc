/** The reply template module's result on the analysis page: the template chosen and why, the draft, and the prompt of an LLM prompt template. */
import { Classes, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModuleResult } from '../../contract/analyses';
import { replyTemplateResultSchema } from '../../contract/modules/reply-template';
import { JsonTree } from '../../ui/json-tree';

export function ReplyResultView({ module }: { module: ModuleResult }) {
  const { t } = useTranslation('analyses');
  const parsed = replyTemplateResultSchema.safeParse(module.result);
  if (!parsed.success) return <JsonTree value={module.result} />;
  const { template, draft, llm } = parsed.data;
  return (
    <div data-testid="reply-result">
      <p>
        {t('reply.template', { name: template.name })}{' '}
        <Tag minimal>{template.chosenFor === 'category' ? t('reply.forCategory', { category: template.category ?? '' }) : t('reply.default')}</Tag>
      </p>
      <H5>{t('reply.draft')}</H5>
      <pre className="p-pre-wrap" data-testid="reply-draft">
        {draft}
      </pre>
      {llm && (
        <details>
          <summary className={Classes.TEXT_MUTED}>{t('reply.prompt', { model: llm.model })}</summary>
          <pre className="p-pre-wrap">{llm.prompt}</pre>
        </details>
      )}
    </div>
  );
}
