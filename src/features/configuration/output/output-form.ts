/**
 * The output options (§3 Output module options) as AutoForm field descriptors, and what a change
 * takes away from the payload (the save asks before removing data a customer's program may read).
 */
import type { TFunction } from 'i18next';
import type { OutputOptions } from '../../../contract/output';
import type { AutoField } from '../../../ui/auto-form';

export type OutputFormValue = Record<string, unknown> & OutputOptions;

/** The switches, in the order of §3. */
export const OUTPUT_SWITCHES = ['htmlBodies', 'attachmentData', 'emailHeader', 'categoriesEnabled', 'extractedData', 'metadata', 'nluOutput', 'replyProposal', 'visionEngineOutput'] as const;
type OutputSwitch = (typeof OUTPUT_SWITCHES)[number];

const HELP: Partial<Record<OutputSwitch, 'htmlBodiesHelp' | 'attachmentDataHelp'>> = { htmlBodies: 'htmlBodiesHelp', attachmentData: 'attachmentDataHelp' };

/**
 * `categories`: the names the server offers (environment and categorization modules); a skipped
 * name no longer among them stays listed, so it can be seen and unticked.
 */
export function outputFields(t: TFunction<'output'>, value: OutputFormValue, categories: readonly string[], disabled: boolean): AutoField<Extract<keyof OutputFormValue, string>>[] {
  const names = [...new Set([...categories, ...value.categoriesToSkip])];
  const switches = OUTPUT_SWITCHES.map((name): AutoField<OutputSwitch> => ({ name, kind: 'switch', label: t(`fields.${name}`), ...(HELP[name] ? { help: t(`fields.${HELP[name]}`) } : {}) }));
  const fields: AutoField<Extract<keyof OutputFormValue, string>>[] = [
    ...switches.slice(0, 4),
    {
      name: 'categoriesToSkip',
      kind: 'checklist',
      label: t('fields.categoriesToSkip'),
      help: t('fields.categoriesToSkipHelp'),
      options: names.map((name) => ({ value: name, label: name })),
      hidden: !value.categoriesEnabled,
    },
    ...switches.slice(4),
  ];
  return fields.map((field) => ({ ...field, disabled }));
}

/** The labels of what `draft` removes from the payload compared with `saved`: options switched off, categories newly skipped. */
export function removedData(t: TFunction<'output'>, saved: OutputOptions, draft: OutputOptions): string[] {
  const off = OUTPUT_SWITCHES.filter((name) => saved[name] && !draft[name]).map((name) => t(`fields.${name}`));
  const skipped = draft.categoriesEnabled ? draft.categoriesToSkip.filter((name) => !saved.categoriesToSkip.includes(name)) : [];
  return [...off, ...skipped.map((name) => t('fields.skippedCategory', { name }))];
}
