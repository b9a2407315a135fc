/** The Template tab: the category it answers, the default and LLM prompt flags (AutoForm), and the Liquid text with its errors on their lines. */
import { lazy, Suspense } from 'react';
import { Callout, Intent } from '@blueprintjs/core';
import { Spinner } from '../../../ui/spinner';
import { useTranslation } from 'react-i18next';
import type { ReplyTemplate } from '../../../contract/reply-templates';
import { AutoForm } from '../../../ui/auto-form';

const ReplyLiquidEditor = lazy(() => import('./liquid-editor'));

export interface LineError {
  line: number;
  message: string;
}

const NONE = '';

export function TemplateTab({
  draft,
  onChange,
  categories,
  readOnly,
  errors,
}: {
  draft: ReplyTemplate;
  onChange: (update: (current: ReplyTemplate) => ReplyTemplate) => void;
  categories: readonly string[];
  readOnly: boolean;
  errors: readonly LineError[];
}) {
  const { t } = useTranslation('replies');
  // A category saved earlier may since have left the categorization: keep it selectable.
  const choices = [...new Set([...categories, ...(draft.category ? [draft.category] : [])])];
  return (
    <>
      <AutoForm
        id="reply-template"
        fields={[
          {
            name: 'category',
            kind: 'select',
            label: t('editor.category'),
            help: t('editor.categoryHelp'),
            disabled: readOnly,
            options: [{ value: NONE, label: t('editor.noCategory') }, ...choices.map((category) => ({ value: category, label: category }))],
          },
          { name: 'isDefault', kind: 'switch', label: t('editor.isDefault'), help: t('editor.isDefaultHelp'), disabled: readOnly },
          { name: 'llmPrompt', kind: 'switch', label: t('editor.llmPrompt'), help: t('editor.llmPromptHelp'), disabled: readOnly },
        ]}
        value={{ category: draft.category ?? NONE, isDefault: draft.isDefault, llmPrompt: draft.llmPrompt }}
        onChange={(value) => onChange((current) => ({ ...current, category: value.category === NONE ? null : value.category, isDefault: value.isDefault, llmPrompt: value.llmPrompt }))}
      />
      <Suspense fallback={<Spinner size={24} />}>
        <ReplyLiquidEditor label={t('editor.body')} value={draft.body} readOnly={readOnly} errors={errors} onChange={(body) => onChange((current) => ({ ...current, body }))} />
      </Suspense>
      <p className="bp6-text-muted">{t('editor.help', { print: '{{ subject }}', include: "{% include 'signature' %}" })}</p>
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER} compact data-testid="template-errors">
          <ul>
            {errors.map((error, index) => (
              <li key={index}>{error.message}</li>
            ))}
          </ul>
        </Callout>
      )}
    </>
  );
}
