/** The translated name of a pipeline module type or trace step (`queue`, `webhooks`, `finalStatus`, `abort`); unknown ones as they are. */
import type { TFunction } from 'i18next';
import { MODULE_TYPES, type ModuleType } from '../../contract/environments';

const STEPS = ['queue', 'webhooks', 'finalStatus', 'abort'] as const;

export function moduleLabel(t: TFunction<['analyses', 'environments']>, module: string): string {
  if ((MODULE_TYPES as readonly string[]).includes(module)) return t(`environments:modules.types.${module as ModuleType}`);
  if ((STEPS as readonly string[]).includes(module)) return t(`analyses:steps.${module as (typeof STEPS)[number]}`);
  return module;
}
