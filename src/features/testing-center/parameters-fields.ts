/**
 * The parameters screen as field descriptors (src/ui/auto-form.tsx): per classification kind, an
 * "ignored" switch and a public/private choice. The form's value is flat (`categories.ignored`...)
 * and converted to and from the contract's shape here.
 */
import type { TFunction } from 'i18next';
import type { AutoField } from '../../ui/auto-form';
import { CLASSIFICATION_KINDS, KIND_VISIBILITIES, type ClassificationKind, type TestingCenterParameters } from '../../contract/testing-center';

export type ParametersValue = Record<string, boolean | string>;

export function parametersFields(t: TFunction<'testingCenter'>, kind: ClassificationKind, disabled: boolean): AutoField[] {
  return [
    { name: `${kind}.ignored`, kind: 'switch', label: t('parameters.ignored'), help: t('parameters.ignoredHelp'), disabled },
    {
      name: `${kind}.visibility`,
      kind: 'select',
      label: t('parameters.visibility'),
      help: t('parameters.visibilityHelp'),
      options: KIND_VISIBILITIES.map((visibility) => ({ value: visibility, label: t(`parameters.visibilities.${visibility}`) })),
      disabled,
    },
  ];
}

export function flatParameters(parameters: TestingCenterParameters): ParametersValue {
  const out: ParametersValue = {};
  for (const kind of CLASSIFICATION_KINDS) {
    out[`${kind}.ignored`] = parameters.kinds[kind].ignored;
    out[`${kind}.visibility`] = parameters.kinds[kind].visibility;
  }
  return out;
}

export function parametersOf(value: ParametersValue): TestingCenterParameters {
  return {
    kinds: Object.fromEntries(
      CLASSIFICATION_KINDS.map((kind) => [kind, { ignored: value[`${kind}.ignored`] === true, visibility: value[`${kind}.visibility`] === 'private' ? 'private' : 'public' }]),
    ) as TestingCenterParameters['kinds'],
  };
}
