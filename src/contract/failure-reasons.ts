/**
 * Why something failed, as a translated sentence (keys `pipelineMessages:reason.*`), never as the
 * English text of a library or a remote service. A French reader gets « le service distant n'a pas
 * répondu à temps », the raw text only after it as a marked technical detail (`detail` parameter,
 * shown by `reason.withDetail`: « … (détail technique : Request timed out after 30000 ms) »).
 *
 * Three kinds of reasons (docs/development/messages.md, "Messages d'échec / failure reasons"):
 * - our own code's: a key of its own (`reason.includeCycle`, `reason.noLanguageModel`…);
 * - a library's or a remote service's error: `failureReason(error)` maps the common classes (timeout,
 *   connection, TLS, HTTP status, rate limit, not JSON, schema, file too large, unreadable file,
 *   password-protected PDF, sandbox limits) to their key, anything else to `reason.unexpected`;
 * - a message in the author's own terms (a Liquid or JavaScript error pointing at their template or
 *   program): kept, marked as the tool's message (`reason.tool.*`: « message du moteur de modèles : … »).
 *
 * Pure (no DOM, no Node): the server writes these, the console's tests read them.
 */
import { z } from 'zod';

/** A parameter of a nested sentence (a failure reason): plain values only, one level deep. */
export const plainParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/**
 * A sentence's parameters: plain values, or a nested sentence (a failure reason given to `{{reason}}`,
 * translated before it is put in place). Older rows hold a plain English `reason`: still shown as is.
 */
export const nestedTextSchema = z.object({ key: z.string(), params: plainParamsSchema.optional() });
/** A failure reason: a sentence whose parameters are plain values. */
export type NestedText = z.infer<typeof nestedTextSchema>;

export const FAILURE_REASON_KEYS = [
  'reason.withDetail',
  'reason.timeout',
  'reason.timeoutAfter',
  'reason.aborted',
  'reason.connectionRefused',
  'reason.connectionReset',
  'reason.hostNotFound',
  'reason.tls',
  'reason.unreachable',
  'reason.httpStatus',
  'reason.rateLimited',
  'reason.notJson',
  'reason.notMatchingSchema',
  'reason.invalidSetting',
  'reason.emptyAnswer',
  'reason.refused',
  'reason.contentFiltered',
  'reason.fileTooLarge',
  'reason.fileMissing',
  'reason.unreadableFile',
  'reason.passwordProtected',
  'reason.outOfMemory',
  'reason.sandboxTime',
  'reason.sandboxMemory',
  'reason.outputTooLarge',
  'reason.engineStopped',
  'reason.serverStopping',
  'reason.includeCycle',
  'reason.partialNotFound',
  'reason.noLanguageModel',
  'reason.nothingToCompile',
  'reason.unexpected',
  'reason.tool.templateEngine',
  'reason.tool.program',
] as const;
export type FailureReasonKey = (typeof FAILURE_REASON_KEYS)[number];

/**
 * Reasons whose sentence says all a reader needs: their raw text (a file parser's English, "Not a
 * readable PDF: Invalid PDF structure.") is never shown as a technical detail, in any language.
 */
export const REASONS_WITHOUT_DETAIL: readonly FailureReasonKey[] = ['reason.unreadableFile', 'reason.passwordProtected', 'reason.fileTooLarge', 'reason.fileMissing'];

/** The file parsers' own codes (src/parsing/errors.ts): their message is English for the CLI and logs. */
const PARSER_CODES = ['notFound', 'corrupt', 'unreadable', 'unsupported'];

/** Longest raw text kept as a technical detail (a whole HTML error page helps nobody). */
export const DETAIL_MAX_CHARS = 300;

/** A reason sentence; `detail` (the raw text, any language) is shown after it as a technical detail. */
export function reason(key: FailureReasonKey, detail?: string | null, params: Record<string, string | number> = {}): NestedText {
  const kept = detail?.trim().slice(0, DETAIL_MAX_CHARS) ?? '';
  const all = kept === '' ? params : { ...params, detail: kept };
  return Object.keys(all).length === 0 ? { key } : { key, params: all };
}

/** A message in the author's own terms (their template's or program's error), marked as the tool's. */
export function toolMessage(tool: 'templateEngine' | 'program', message: string): NestedText {
  return { key: `reason.tool.${tool}`, params: { message: message.slice(0, DETAIL_MAX_CHARS) } };
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/**
 * The error and its causes (fetch's "fetch failed" keeps the socket's error as `cause`; a connection
 * tried on several addresses fails with an AggregateError whose `errors` say why).
 */
function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  for (let link = error; typeof link === 'object' && link !== null && links.length < 4; ) {
    links.push(link as ErrorLike);
    const inner = (link as { errors?: unknown }).errors;
    link = (link as ErrorLike).cause ?? (Array.isArray(inner) ? inner[0] : undefined);
  }
  return links;
}

const TIMEOUT_CODES = ['ETIMEDOUT', 'ESOCKETTIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'timeout'];
const RESET_CODES = ['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED'];
const HOST_CODES = ['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME'];
const TLS_CODES = /^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

/** The class of a thrown error, by its name, code (or its causes'), HTTP status, then its wording. */
function classify(links: ErrorLike[], text: string): { key: FailureReasonKey; params?: Record<string, number> } {
  const names = links.map((link) => String(link.name ?? ''));
  const codes = links.map((link) => String(link.code ?? ''));
  const status = links.map((link) => Number(link.status ?? link.statusCode)).find((value) => Number.isInteger(value) && value >= 400 && value < 600);
  const has = (list: string[]) => codes.some((code) => list.includes(code));
  if (names.includes('TimeoutError') || has(TIMEOUT_CODES)) return { key: 'reason.timeout' };
  if (names.includes('AbortError')) return { key: 'reason.aborted' };
  if (has(['ECONNREFUSED'])) return { key: 'reason.connectionRefused' };
  if (has(HOST_CODES)) return { key: 'reason.hostNotFound' };
  if (codes.some((code) => TLS_CODES.test(code))) return { key: 'reason.tls' };
  if (has(RESET_CODES)) return { key: 'reason.connectionReset' };
  // Narrow wording: "password authentication failed" (a database) is not a protected file.
  if (names.includes('PasswordException') || /no password given|incorrect password|password[- ]protected|encrypted (pdf|document|file)/i.test(text)) return { key: 'reason.passwordProtected' };
  const httpStatus = status ?? Number(/\bHTTP(?: status)? (\d{3})\b/i.exec(text)?.[1]);
  if (httpStatus === 429 || /rate.?limit|too many requests/i.test(text)) return { key: 'reason.rateLimited' };
  if (Number.isInteger(httpStatus) && httpStatus >= 400) return { key: 'reason.httpStatus', params: { status: httpStatus } };
  if (has(['ERR_FS_FILE_TOO_LARGE', 'ERR_STRING_TOO_LONG']) || /too large|too big|exceeds the maximum|maximum size/i.test(text)) return { key: 'reason.fileTooLarge' };
  if (has(['ENOMEM', 'ERR_WORKER_OUT_OF_MEMORY']) || /out of memory|heap limit/i.test(text)) return { key: 'reason.outOfMemory' };
  if (has(['ENOENT', 'notFound'])) return { key: 'reason.fileMissing' };
  // The file parsers' own codes (src/parsing/errors.ts), passed on by the parse thread.
  if (has(['corrupt', 'unreadable', 'unsupported'])) return { key: 'reason.unreadableFile' };
  if (names.includes('ZodError')) return { key: 'reason.notMatchingSchema' };
  if (names.includes('SyntaxError') && /JSON/.test(text)) return { key: 'reason.notJson' };
  if (names.some((name) => ['InvalidPDFException', 'FormatError', 'UnknownErrorException'].includes(name)) || /invalid pdf|corrupt|bad xref|end of central directory|unsupported image|unknown format/i.test(text)) {
    return { key: 'reason.unreadableFile' };
  }
  if (/timed? ?out|timeout/i.test(text)) return { key: 'reason.timeout' };
  if (/fetch failed|network|socket/i.test(text)) return { key: 'reason.unreachable' };
  return { key: 'reason.unexpected' };
}

/**
 * The translated reason for a thrown error (ours, a library's, a remote service's), its own text kept
 * as the technical detail. The one place where such errors become sentences: modules, OCR, test runs.
 */
export function failureReason(error: unknown): NestedText {
  const links = chain(error);
  const messages = links.map((link) => (typeof link.message === 'string' ? link.message : '')).filter((message) => message !== '');
  const text = links.length === 0 ? String(error) : [...new Set(messages)].join(': ');
  const found = classify(links, text);
  // A file parser's error, or a file reason: the translated sentence says it, no English detail kept.
  const parserError = links.some((link) => link.name === 'ParseError' || PARSER_CODES.includes(String(link.code ?? '')));
  return reason(found.key, parserError || REASONS_WITHOUT_DETAIL.includes(found.key) ? null : text, found.params);
}

/** A sandbox's failure (src/templates/sandbox.ts codes): limits are ours, syntax and runtime the author's. */
export function sandboxFailureReason(error: { code: string; message: string; partial?: string }, tool: 'templateEngine' | 'program'): NestedText {
  switch (error.code) {
    case 'partialNotFound':
      return reason('reason.partialNotFound', null, { name: error.partial ?? '' });
    case 'timeLimit':
    case 'advancedTimeLimit':
      return reason('reason.sandboxTime');
    case 'memoryLimit':
    case 'advancedMemoryLimit':
      return reason('reason.sandboxMemory');
    case 'outputTooLarge':
    case 'advancedOutputTooLarge':
      return reason('reason.outputTooLarge');
    default:
      return toolMessage(tool, error.message);
  }
}
