/**
 * What a pipeline run obtained, in the testing center's shape (src/contract/testing-center.ts):
 * the modules' results of an analysis (or of a test run's message) turned into value entries per
 * classification kind. "Add to testing center" takes them as a starting point for the expected
 * values; test runs compare them with the expected ones. Pure: no DOM, no Node.
 *
 * - categories / attachments_categories: the categories of the categorization modules, per document
 *   (the body or main document → categories; each attachment → attachments_categories with its
 *   file name), one entry `category` per document: a string with one category, an array with several;
 *   with a consolidation module that ran, its final categories replace the body's;
 * - extracted_informations(_attachments): every non-null field of the extraction modules;
 * - rpa: nothing yet (no module produces it); qualifiers type its values by hand.
 */
import { categorizationResultSchema } from '../contract/modules/categorization';
import { consolidationResultSchema } from '../contract/modules/consolidation';
import { extractionResultSchema } from '../contract/modules/extraction';
import type { ModuleResult } from '../contract/analyses';
import type { ClassificationKind, ObtainedValues, TypedValue, ValueEntry } from '../contract/testing-center';

/** The value format of a plain JSON value (null and undefined: none). */
export function typedValueOf(value: unknown): TypedValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { format: 'string', value };
  if (typeof value === 'number' && Number.isFinite(value)) return { format: 'number', value };
  if (typeof value === 'boolean') return { format: 'boolean', value };
  if (Array.isArray(value)) {
    const items = value.filter((item): item is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof item));
    return { format: 'array', value: items };
  }
  if (typeof value === 'object') return { format: 'object', value: value as Record<string, unknown> };
  return null;
}

function categoryEntry(names: string[], document: string | null): ValueEntry {
  const unique = [...new Set(names)];
  return unique.length === 1
    ? { key: 'category', document, format: 'string', value: unique[0]! }
    : { key: 'category', document, format: 'array', value: unique };
}

export function obtainedFromModules(modules: readonly ModuleResult[]): ObtainedValues {
  const body: string[] = [];
  let bodySeen = false;
  const attachments = new Map<string, string[]>();
  let consolidated: string[] | null = null;
  const out: Record<ClassificationKind, ValueEntry[]> = {
    categories: [],
    attachments_categories: [],
    extracted_informations: [],
    extracted_informations_attachments: [],
    rpa: [],
  };
  const pushField = (kind: ClassificationKind, key: string, document: string | null, raw: unknown) => {
    const typed = typedValueOf(raw);
    if (typed === null) return;
    // A later module's value for the same field replaces an earlier one (as in the output payload).
    const list = out[kind].filter((entry) => !(entry.key === key && entry.document === document));
    out[kind] = [...list, { key, document, ...typed }];
  };

  for (const module of modules) {
    if (module.outcome !== 'success') continue;
    if (module.type === 'categorization') {
      const parsed = categorizationResultSchema.safeParse(module.result);
      if (!parsed.success) continue;
      for (const doc of parsed.data.documents) {
        const names = doc.categories.map((decision) => decision.category);
        if (doc.source === 'attachment') {
          attachments.set(doc.documentName, [...(attachments.get(doc.documentName) ?? []), ...names]);
        } else {
          bodySeen = true;
          body.push(...names);
        }
      }
    } else if (module.type === 'consolidation') {
      const parsed = consolidationResultSchema.safeParse(module.result);
      if (parsed.success) consolidated = parsed.data.categories.map((category) => category.category);
    } else if (module.type === 'extraction') {
      const parsed = extractionResultSchema.safeParse(module.result);
      if (!parsed.success) continue;
      for (const [key, value] of Object.entries(parsed.data.fields ?? {})) pushField('extracted_informations', key, null, value);
      for (const doc of parsed.data.documents) {
        const attachment = doc.source === 'attachment';
        for (const [key, value] of Object.entries(doc.fields)) {
          pushField(attachment ? 'extracted_informations_attachments' : 'extracted_informations', key, attachment ? doc.documentName : null, value);
        }
      }
    }
  }
  const bodyCategories = consolidated ?? body;
  if (bodyCategories.length > 0 || bodySeen) out.categories = bodyCategories.length > 0 ? [categoryEntry(bodyCategories, null)] : [];
  out.attachments_categories = [...attachments].filter(([, names]) => names.length > 0).map(([document, names]) => categoryEntry(names, document));
  return out;
}
