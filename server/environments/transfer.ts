/**
 * Export files (import-export screen and use-case templates): reading one with errors a person can
 * act on. What importing one would change is `compareSettings` (settings-diff.ts).
 */
import {
  environmentExportSchema,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MODULE_TYPES,
  type EnvironmentExport,
} from '../../src/contract/environments';
import { HttpError } from '../http-error';

function invalid(code: 'exportFormat' | 'exportVersion' | 'unknownModules' | 'invalidExport', message: string, extra: Record<string, unknown> = {}): HttpError {
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
