/**
 * Reading and writing the environment configuration column. Stored JSON is parsed with the contract's
 * schema on every read so a configuration saved by an older version gets today's defaults.
 */
import { environmentSettingsSchema, type EnvironmentSettings } from '../../src/contract/environments';

export function readSettings(stored: unknown): EnvironmentSettings {
  const parsed = environmentSettingsSchema.safeParse(stored ?? {});
  // Every write is validated, so only a rule tightened since can get here: the environment stays
  // readable with default settings rather than failing every screen that shows it.
  return parsed.success ? parsed.data : environmentSettingsSchema.parse({});
}

const parsedOnce = new WeakMap<object, EnvironmentSettings>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * readSettings of a stored value that stays as it is for as long as its row does (settings-cache.ts
 * keeps one per version): parsed once, then shared. Each analysis used to parse it again on the HTTP
 * thread, a cost the environment's size sets (about 25 ms for a 2 MB configuration). Frozen, so a
 * reader that would change it fails instead of changing it for the next analyses.
 */
export function readStoredSettings(stored: unknown): EnvironmentSettings {
  if (typeof stored !== 'object' || stored === null) return readSettings(stored);
  let settings = parsedOnce.get(stored);
  if (settings === undefined) {
    settings = deepFreeze(readSettings(stored));
    parsedOnce.set(stored, settings);
  }
  return settings;
}

/**
 * Spec §4: deactivating a module deletes its configuration. The console empties it when the user
 * deactivates; the server holds to it for every write (API callers, import files, templates).
 */
export function withoutInactiveConfig(settings: EnvironmentSettings): EnvironmentSettings {
  if (settings.modules.every((module) => module.active || Object.keys(module.config).length === 0)) return settings;
  return { ...settings, modules: settings.modules.map((module) => (module.active ? module : { ...module, config: {} })) };
}
