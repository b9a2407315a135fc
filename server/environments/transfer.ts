/**
 * Export files (import-export screen and use-case templates): reading one with errors a person can
 * act on, and listing what importing it would change.
 */
import {
  environmentExportSchema,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MODULE_TYPES,
  type EnvironmentExport,
  type EnvironmentSettings,
  type ImportChange,
} from '../../src/contract/environments';
import { HttpError } from '../http-error';

function invalid(code: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(400, { message, code, ...extra });
}

/** Parses an export file, or throws a 400 naming the problem: `exportFormat`, `exportVersion`, `unknownModules`, `invalidExport`. */
export function readExportFile(file: unknown): EnvironmentExport {
  if (typeof file !== 'object' || file === null || (file as { format?: unknown }).format !== EXPORT_FORMAT) {
    throw invalid('exportFormat', 'This file is not a Postroom environment export');
  }
  const version = (file as { version?: unknown }).version;
  if (version !== EXPORT_VERSION) {
    throw invalid('exportVersion', `This export file has version ${String(version)}; this server reads version ${EXPORT_VERSION}`, {
      version,
      expected: EXPORT_VERSION,
    });
  }
  const modules = (file as { environment?: { settings?: { modules?: unknown } } }).environment?.settings?.modules;
  if (Array.isArray(modules)) {
    const unknown = modules
      .map((module) => (module as { type?: unknown } | null)?.type)
      .filter((type) => !(MODULE_TYPES as readonly unknown[]).includes(type))
      .map(String);
    if (unknown.length > 0) {
      throw invalid('unknownModules', `Unknown modules in this file: ${[...new Set(unknown)].join(', ')}`, {
        modules: [...new Set(unknown)],
      });
    }
  }
  const parsed = environmentExportSchema.safeParse(file);
  if (!parsed.success) {
    throw invalid('invalidExport', 'This export file is not valid', { issues: parsed.error.issues });
  }
  return parsed.data;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What replacing `before` by `after` changes, field by field (content settings one level deeper). */
export function settingsChanges(before: EnvironmentSettings, after: EnvironmentSettings): ImportChange[] {
  const changes: ImportChange[] = [];
  for (const key of Object.keys(after) as (keyof EnvironmentSettings)[]) {
    if (key === 'content') {
      for (const field of Object.keys(after.content) as (keyof EnvironmentSettings['content'])[]) {
        if (!same(before.content[field], after.content[field])) {
          changes.push({ field: `content.${field}`, before: before.content[field], after: after.content[field] });
        }
      }
    } else if (key === 'modules') {
      const describe = (settings: EnvironmentSettings) => settings.modules.map((m) => `${m.type}: ${m.name}`);
      if (!same(before.modules, after.modules)) changes.push({ field: 'modules', before: describe(before), after: describe(after) });
    } else if (key === 'categories') {
      const names = (settings: EnvironmentSettings) => settings.categories.map((c) => c.name);
      if (!same(before.categories, after.categories)) changes.push({ field: 'categories', before: names(before), after: names(after) });
    } else if (!same(before[key], after[key])) {
      // The extractor block is large: say that it changes, not every nested value.
      changes.push(key === 'extractor' ? { field: key, before: null, after: null } : { field: key, before: before[key], after: after[key] });
    }
  }
  return changes;
}
