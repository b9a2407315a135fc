/**
 * Turns an analysis's module results into what a connector writes back, following its output
 * mappings (§3): message categories, attachment categories, extracted info and the reply draft, each
 * to a connector field or a custom field (written as `technicalName/value`). Inactive custom fields
 * and the mappings to them are ignored.
 */
import type { ModuleResult } from '../../src/contract/analyses';
import type { CustomField, OutputMapping } from '../../src/contract/integrations';
import type { WriteBack } from './drivers/types';

interface Documents {
  documents?: { source?: string; categories?: { category: string }[]; fields?: Record<string, unknown> }[];
  fields?: Record<string, unknown> | null;
  draft?: string;
}

const resultOf = (modules: readonly ModuleResult[], type: string): Documents | null => {
  const found = modules.find((module) => module.type === type && module.outcome === 'success' && module.result !== null);
  return (found?.result as Documents | undefined) ?? null;
};

const text = (value: unknown): string[] => {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.flatMap(text);
  return typeof value === 'object' ? [JSON.stringify(value)] : [String(value)];
};

function valuesFor(mapping: OutputMapping, modules: readonly ModuleResult[]): string[] {
  if (mapping.dataType === 'messageCategories' || mapping.dataType === 'attachmentCategories') {
    const wanted = mapping.dataType === 'attachmentCategories' ? ['attachment'] : ['main', 'body'];
    const docs = resultOf(modules, 'categorization')?.documents ?? [];
    return docs.filter((doc) => wanted.includes(doc.source ?? '')).flatMap((doc) => (doc.categories ?? []).map((c) => c.category));
  }
  if (mapping.dataType === 'extractedInfo') {
    const extraction = resultOf(modules, 'extraction');
    if (extraction === null || mapping.source === '') return [];
    return [...text(extraction.fields?.[mapping.source]), ...(extraction.documents ?? []).flatMap((doc) => text(doc.fields?.[mapping.source]))];
  }
  const draft = resultOf(modules, 'replyTemplate')?.draft;
  return draft ? [draft] : [];
}

/** The categories the analysis gave the message itself (not its attachments). */
export const messageCategoriesOf = (modules: readonly ModuleResult[]): string[] => [...new Set(valuesFor({ dataType: 'messageCategories', source: '', target: '' }, modules))];

/**
 * `asLabels`: mail connectors write a custom field's values as `technicalName/value` labels; record
 * connectors (an issue tracker, a CRM) write the plain values into the field itself.
 */
export function writeBackFor(modules: readonly ModuleResult[], mappings: readonly OutputMapping[], customFields: readonly CustomField[], asLabels = true): WriteBack {
  const custom = new Map(customFields.filter((field) => field.active).map((field) => [field.technicalName, field]));
  // §3: an inactive custom field is kept but not used: its mappings write nothing, neither as
  // `technicalName/value` labels nor as a plain value (which would land on a mailbox as a bare label).
  const inactive = new Set(customFields.filter((field) => !field.active && !custom.has(field.technicalName)).map((field) => field.technicalName));
  const tags: Record<string, string[]> = {};
  let draft: string | null = null;
  for (const mapping of mappings) {
    const values = valuesFor(mapping, modules);
    if (mapping.target === 'draft') {
      draft = values[0] ?? draft;
      continue;
    }
    if (inactive.has(mapping.target)) continue;
    const field = custom.get(mapping.target);
    const written = field && asLabels ? values.map((value) => `${field.technicalName}/${value}`) : values;
    tags[mapping.target] = [...new Set([...(tags[mapping.target] ?? []), ...written])];
  }
  return { tags, draft };
}

/** Active required custom fields the analysis gave no value: such a message is not written back. */
export function missingRequiredFields(result: WriteBack, customFields: readonly CustomField[]): string[] {
  return customFields.filter((field) => field.active && field.required && (result.tags[field.technicalName] ?? []).length === 0).map((field) => field.technicalName);
}
