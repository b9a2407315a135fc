/**
 * The rules a set of reply templates must follow to be saved (§3 Reply template, §5): unique names,
 * at most one default, at most one template per category, no include cycle. Pure: the contract's
 * settings schema refuses them (every write of the settings: the reply template endpoints, a settings
 * save, an import, a restored version), and the screens explain them before saving.
 */
import { findIncludeCycle } from './includes';

export const REPLY_TEMPLATE_PROBLEM_CODES = ['templateNameTaken', 'templateDefaultTwice', 'templateCategoryTaken', 'templateIncludeCycle'] as const;
export type ReplyTemplateProblemCode = (typeof REPLY_TEMPLATE_PROBLEM_CODES)[number];

export interface ReplyTemplateProblem {
  code: ReplyTemplateProblemCode;
  /** templateNameTaken `{ name }`; templateDefaultTwice `{ names }`; templateCategoryTaken `{ category, names }`; templateIncludeCycle `{ cycle }`. */
  params: Record<string, string | string[]>;
  /** English, for programs and logs. */
  message: string;
}

interface Checked {
  name: string;
  body: string;
  isDefault: boolean;
  category: string | null;
}

export function replyTemplateProblems(templates: readonly Checked[]): ReplyTemplateProblem[] {
  const problems: ReplyTemplateProblem[] = [];
  const seen = new Set<string>();
  for (const template of templates) {
    const key = template.name.toLowerCase();
    if (seen.has(key)) problems.push({ code: 'templateNameTaken', params: { name: template.name }, message: `Two templates are named "${template.name}"` });
    seen.add(key);
  }
  const defaults = templates.filter((template) => template.isDefault).map((template) => template.name);
  if (defaults.length > 1) problems.push({ code: 'templateDefaultTwice', params: { names: defaults }, message: `Only one template can be the default: ${defaults.join(', ')}` });
  const byCategory = new Map<string, string[]>();
  for (const template of templates) {
    if (template.category === null) continue;
    byCategory.set(template.category, [...(byCategory.get(template.category) ?? []), template.name]);
  }
  for (const [category, names] of byCategory) {
    if (names.length > 1) problems.push({ code: 'templateCategoryTaken', params: { category, names }, message: `Category "${category}" has several templates: ${names.join(', ')}` });
  }
  const cycle = findIncludeCycle(templates);
  if (cycle !== null) problems.push({ code: 'templateIncludeCycle', params: { cycle }, message: `Templates cannot include themselves: ${cycle.join(' → ')}` });
  return problems;
}
