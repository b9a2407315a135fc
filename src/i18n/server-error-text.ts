/**
 * The text of a server error answer, from its `code` and parameters (never its English `message`):
 * the console shows it in the user's language, and the server writes it into `message` in the
 * caller's Accept-Language. One function, so both say the same words.
 */
import { errorTextKey } from '../contract/error-codes';
import type { Language } from '../storage/preferences';
import { formatDate } from './dates';
import { yamlErrorReason } from './yaml-error-text';
import { schemaIssueText } from './schema-issue-text';

type Translate = (key: string, params: Record<string, unknown>) => string;

/** Parameters that are calendar days (`YYYY-MM-DD`), written as dates of the reader's language. */
const DAY_PARAMETERS = ['renewsOn'] as const;

function withDays(params: Record<string, unknown>, language: Language): Record<string, unknown> {
  const written = { ...params };
  for (const name of DAY_PARAMETERS) {
    const value = written[name];
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) written[name] = formatDate(value, language);
  }
  return written;
}

/** The body's plain fields and its `params` object, as interpolation values. */
function paramsOf(body: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name === 'message' || name === 'code') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) flat[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) flat[name] = value.join(', ');
  }
  const nested = body.params;
  if (typeof nested === 'object' && nested !== null && !Array.isArray(nested)) Object.assign(flat, paramsOf(nested as Record<string, unknown>));
  return flat;
}

/**
 * A refused upload lists its §5 problems (`problems`: code and parameters, with the file's name):
 * one line each, as the upload dialog shows them.
 */
function uploadProblemLines(translate: Translate, problems: unknown): string[] {
  if (!Array.isArray(problems)) return [];
  return problems
    .filter((problem): problem is Record<string, unknown> => typeof problem === 'object' && problem !== null && typeof problem.code === 'string')
    .map((problem) => {
      const text = translate(`analyses:upload.problems.${String(problem.code)}`, paramsOf(problem));
      return typeof problem.file === 'string' ? translate('analyses:upload.problemOfFile', { file: problem.file, text }) : text;
    });
}

/**
 * The namespaces `serverErrorText` reads for this body: its code's, and those its parameters' texts
 * come from (upload problems, schema issues). Loaded before the error is thrown (src/api/errors.ts).
 */
export function errorTextNamespaces(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const code: unknown = (body as { code?: unknown }).code;
  const key = typeof code === 'string' ? errorTextKey(code) : undefined;
  if (key === undefined) return [];
  const namespaces = [key.slice(0, key.indexOf(':'))];
  if (code === 'uploadRejected') namespaces.push('analyses');
  if (code === 'configurationSchema') namespaces.push('configurationIde', 'environments', 'vision');
  return namespaces;
}

/**
 * The translated text of an error body; undefined when it has no known code. `language` is the one
 * `translate` writes in: days among the parameters (`renewsOn`) are written as its dates.
 */
export function serverErrorText(translate: Translate, body: unknown, language: Language): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code: unknown = (body as { code?: unknown }).code;
  const key = typeof code === 'string' ? errorTextKey(code) : undefined;
  if (key === undefined) return undefined;
  // Only a refused upload's `problems` are upload problems (a configuration refusal's are document problems).
  const problems = code === 'uploadRejected' ? uploadProblemLines(translate, (body as { problems?: unknown }).problems) : [];
  if (problems.length > 0) return problems.join('\n');
  const params = withDays(paramsOf(body as Record<string, unknown>), language);
  // A schema problem's explanation is built from its issue's code and facts, in the reader's language.
  if (code === 'configurationSchema') {
    const raw = (body as { params?: Record<string, unknown> }).params ?? {};
    return translate(key, { ...params, message: schemaIssueText(translate as never, raw) });
  }
  // A YAML parse error: its code in the reader's language, not the parser's English message.
  if (code === 'configurationSyntax') return translate(key, { ...params, message: yamlErrorReason(translate as never, (body as { params?: Record<string, unknown> }).params ?? {}) });
  return translate(key, params);
}
