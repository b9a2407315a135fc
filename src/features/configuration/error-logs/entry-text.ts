/** The error logs' texts in the user's language, from each entry's code and params (never the stored English). */
import i18next from 'i18next';
import type { ErrorLogEntry } from '../../../contract/error-logs';

/** A module type or pipeline step by its name ("Catégorisation", "Webhooks"); an unknown one as it is. */
export function moduleLabel(module: string): string {
  const key = `errorLogs:modules.${module}`;
  return i18next.exists(key) ? (i18next.t(key as never) as unknown as string) : module;
}

export function entryText(entry: ErrorLogEntry): string {
  const params = { ...entry.params, module: moduleLabel(String(entry.params.module ?? entry.module)) };
  const code = entry.code === 'templateError' && entry.params.line === null ? 'templateErrorNoLine' : entry.code;
  return i18next.t(`errorLogs:codes.${code}` as never, params as never) as unknown as string;
}
