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
