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

/**
 * Spec §4: deactivating a module deletes its configuration. The console empties it when the user
 * deactivates; the server holds to it for every write (API callers, import files, templates).
 */
export function withoutInactiveConfig(settings: EnvironmentSettings): EnvironmentSettings {
  if (settings.modules.every((module) => module.active || Object.keys(module.config).length === 0)) return settings;
  return { ...settings, modules: settings.modules.map((module) => (module.active ? module : { ...module, config: {} })) };
}
