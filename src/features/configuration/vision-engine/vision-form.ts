/**
 * The vision engine settings as field descriptors (AutoForm) — the scalar settings; the categories
 * and extraction fields are lists edited by KeyListEditor — and the zod issues of the contract's
 * check turned into translated messages per field and per list row.
 */
import type { TFunction } from 'i18next';
import { VISION_CONFIG_CODES, VISION_MAX_PAGES_LIMIT, VISION_TYPES, type VisionEngineConfig } from '../../../contract/modules/vision-engine';
import type { AutoField } from '../../../ui/auto-form';

export type VisionFormValue = Record<string, unknown> & VisionEngineConfig;

export function visionFields(t: TFunction<'vision'>, disabled: boolean): AutoField[] {
  const fields: AutoField[] = [
    { name: 'active', kind: 'switch', label: t('settings.active'), help: t('settings.activeHelp') },
    { name: 'type', kind: 'select', label: t('settings.type'), help: t('settings.typeHelp'), options: VISION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })) },
    { name: 'prompt', kind: 'textarea', label: t('settings.prompt'), help: t('settings.promptHelp') },
    { name: 'maxPages', kind: 'number', label: t('settings.maxPages'), help: t('settings.maxPagesHelp', { max: VISION_MAX_PAGES_LIMIT }), min: 1, max: VISION_MAX_PAGES_LIMIT },
  ];
  return fields.map((field) => ({ ...field, disabled }));
}

/** Which lists a type uses: strict classification has no fields, strict extraction no categories. */
export const showsCategories = (value: VisionEngineConfig) => value.type !== 'strict_extraction';
export const showsFields = (value: VisionEngineConfig) => value.type !== 'strict_classification';

/**
 * The check's issues by where they go: `prompt`, `maxPages`… for AutoForm; `categories` and
 * `extractionFields` for a list as a whole; `categories.2` for one row.
 */
export function visionErrors(t: TFunction<'vision'>, issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [head, row] = issue.path;
    const key = typeof row === 'number' ? `${String(head)}.${row}` : String(head ?? '');
    const text = (VISION_CONFIG_CODES as readonly string[]).includes(issue.message) ? t(`codes.${issue.message as (typeof VISION_CONFIG_CODES)[number]}`) : t('settings.invalid');
    errors[key] ??= text;
  }
  return errors;
}
