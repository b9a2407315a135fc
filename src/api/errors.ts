/** The request layer's single error type (spec §8 "Request error kinds") and message rules. */
import i18next from 'i18next';
import type { z } from 'zod';
import type { serverErrorText as ServerErrorText } from '../i18n/server-error-text';

/**
 * The code → text table (src/contract/error-codes.ts, data only) and its formatters (dates, YAML and
 * schema issues) are no part of the login page's start (bench:shell). They load with the first HTTP
 * error (`request.ts` awaits it before throwing one) or after another page's first paint
 * (src/main.tsx). Given the error's body, the namespaces its text reads are loaded too, since texts
 * load per namespace (src/i18n/texts/loaders.ts).
 */
let serverErrorText: typeof ServerErrorText | undefined;
let serverErrorTexts: Promise<typeof import('../i18n/server-error-text')> | undefined;
export async function loadServerErrorTexts(body?: unknown): Promise<void> {
  serverErrorTexts ??= import('../i18n/server-error-text').then(
    (module) => {
      serverErrorText = module.serverErrorText;
      return module;
    },
    (error: unknown) => {
      serverErrorTexts = undefined;
      throw error;
    },
  );
  const module = await serverErrorTexts;
  const missing = module.errorTextNamespaces(body).filter((namespace) => !i18next.hasResourceBundle(i18next.language, namespace));
  if (missing.length > 0 && i18next.isInitialized) await i18next.loadNamespaces(missing);
}

export type ApiErrorKind =
  | 'aborted'
  | 'network'
  | 'http'
  | 'invalidPath'
  | 'invalidQuery'
  | 'invalidBody'
  | 'invalidResponse'
  | 'notBlob'
  | 'missingParameter';

export type ApiIssue = z.core.$ZodIssue;

export interface ApiErrorDetails {
  url: string;
  status?: number;
  statusText?: string;
  response?: Response;
  jsonData?: unknown;
  issues?: readonly ApiIssue[];
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly url: string;
  readonly status: number | undefined;
  readonly statusText: string;
  readonly response: Response | undefined;
  /** Parsed body when the answer was JSON; for 'http' errors the raw text when it was not. */
  readonly jsonData: unknown;
  /** Zod issues for the validation kinds; empty otherwise. */
  readonly issues: readonly ApiIssue[];

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.url = details.url;
    this.status = details.status;
    this.statusText = details.statusText ?? '';
    this.response = details.response;
    this.jsonData = details.jsonData;
    this.issues = details.issues ?? [];
  }
}

export function isApiError<K extends ApiErrorKind = ApiErrorKind>(
  error: unknown,
  kind?: K,
): error is ApiError & { kind: K } {
  return error instanceof ApiError && (kind === undefined || error.kind === kind);
}

/** The `message` field of a parsed response body, when it is a non-empty string. */
export function serverMessage(jsonData: unknown): string | undefined {
  if (typeof jsonData !== 'object' || jsonData === null) return undefined;
  const message: unknown = (jsonData as { message?: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

/**
 * The `code` field of an HTTP error's body (the server's machine-readable reason, e.g.
 * `wrongPassword`), so screens pick their translated message without parsing English.
 */
export function serverCode(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.kind !== 'http') return undefined;
  const jsonData = error.jsonData;
  if (typeof jsonData !== 'object' || jsonData === null) return undefined;
  const code: unknown = (jsonData as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What to tell the user about a failure, in their language (brief: one language per user): a server
 * answer by the text of its `code` (never the server's sentence), else by its kind or status.
 * Returns '' when nothing usable exists so the caller can fall back to its own text.
 */
export function errorMessage(error: unknown): string {
  const t = (key: string, params?: Record<string, unknown>) => i18next.t(key as never, params as never) as unknown as string;
  if (error instanceof ApiError) {
    if (error.kind !== 'http') return t(`errors:request.${error.kind}`, { name: error.issues[0]?.path.join('.') ?? '' });
    const language = i18next.language === 'en' ? 'en' : 'fr';
    return serverErrorText?.(t, error.jsonData, language) ?? t('errors:request.http', { status: error.status ?? '?' });
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const message: unknown = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return '';
}

/** One line per issue, for error messages and logs. */
export function describeIssues(issues: readonly ApiIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      return where === '' ? issue.message : `${where}: ${issue.message}`;
    })
    .join('; ');
}
