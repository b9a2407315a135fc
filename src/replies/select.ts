/**
 * Which reply template answers an analysis: the template of its category — the categories
 * in `categories` order (consolidation's final ones first, see variables.ts), the first that has a
 * template — else the default template, else none (§8 "No default template: no reply will be
 * generated"). Category names compare without case, as the categorization's criteria do.
 */
import type { ReplyTemplate } from '../contract/modules/reply-template';

export type TemplateSelection =
  | { template: ReplyTemplate; chosenFor: 'category'; category: string }
  | { template: ReplyTemplate; chosenFor: 'default'; category: null }
  | { template: null; reason: 'noTemplate' };

export function selectReplyTemplate(
  templates: readonly ReplyTemplate[],
  categories: readonly string[],
  options: { useDefaultTemplate: boolean } = { useDefaultTemplate: true },
): TemplateSelection {
  for (const category of categories) {
    const key = category.toLowerCase();
    const template = templates.find((candidate) => candidate.category !== null && candidate.category.toLowerCase() === key);
    if (template !== undefined) return { template, chosenFor: 'category', category };
  }
  const fallback = options.useDefaultTemplate ? templates.find((candidate) => candidate.isDefault) : undefined;
  return fallback === undefined ? { template: null, reason: 'noTemplate' } : { template: fallback, chosenFor: 'default', category: null };
}
