/**
 * The console's single request layer (spec §7.1, §8). Every call goes through `request` or `download`
 * with an endpoint declaration from src/contract, so paths, schemas and methods are never spelled twice.
 * It imports nothing from the router or the UI: session reactions (logout, toasts, redirects) are
 * injected once through `configureRequestLayer` (request-layer.ts).
 */
import type { z } from 'zod';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  HttpMethod,
} from '../contract/define';
import { SWITCH_HEADER } from '../contract/headers';
import { DEFAULT_FILENAME, filenameFromDisposition } from './content-disposition';
import { ApiError, describeIssues, loadServerErrorTexts, serverMessage, type ApiErrorKind } from './errors';
import { baseUrl, requestLayer } from './request-layer';
import { buildUrl } from './url';

export type { HttpMethod };

export { SWITCH_HEADER } from '../contract/headers';

export interface RequestOptions<E extends Endpoint> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
  /** Applied last, so a caller can override Accept or Content-Type. */
  headers?: HeadersInit;
}

export interface Download {
  blob: Blob;
  filename: string;
}

function isPassThroughBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

/** Returns the body to send and the content type we choose for it (none for FormData: fetch sets the boundary). */
function encodeBody(body: unknown): { init: BodyInit | undefined; contentType?: string } {
  if (body === undefined) return { init: undefined };
  if (typeof body === 'string') return { init: body, contentType: 'text/plain;charset=UTF-8' };
  if (isPassThroughBody(body)) return { init: body };
  return { init: JSON.stringify(body), contentType: 'application/json' };
}

function validate(
  schema: z.ZodType | undefined,
  value: unknown,
  kind: ApiErrorKind,
  label: string,
  endpoint: Endpoint,
): unknown {
  if (schema === undefined) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  throw new ApiError(kind, `Invalid ${label} for ${endpoint.id}: ${describeIssues(issues)}`, {
    url: `${baseUrl()}${endpoint.path}`,
    issues,
  });
}

function isJsonType(response: Response): boolean {
  const media = (response.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media.endsWith('/json') || media.endsWith('+json');
}

export interface Prepared {
  url: string;
  init: RequestInit;
  hadToken: boolean;
}

/** Validation and encoding happen here, before fetch: an invalid call never leaves the browser. */
function prepare(endpoint: Endpoint, options: RequestOptions<Endpoint>, accept: string): Prepared {
  const params = validate(endpoint.params, options.params, 'invalidPath', 'request path', endpoint);
  // An omitted query is an empty one, so a query schema whose fields are all optional needs no `query: {}`.
  const query = validate(endpoint.query, options.query ?? {}, 'invalidQuery', 'request query', endpoint);
  const body = validate(endpoint.body, options.body, 'invalidBody', 'request body', endpoint);
  const url = buildUrl(endpoint.path, params as object | undefined, query as object | undefined);

  const { init: encoded, contentType } = encodeBody(body);
  const headers = new Headers({ Accept: accept });
  if (contentType !== undefined) headers.set('Content-Type', contentType);
  const { token, switchUser } = requestLayer().getCredentials();
  const hadToken = typeof token === 'string' && token !== '';
  if (hadToken) headers.set('Authorization', `Bearer ${token}`);
  if (typeof switchUser === 'string' && switchUser !== '') headers.set(SWITCH_HEADER, switchUser);
  const language = requestLayer().getLanguage?.();
  if (language) headers.set('Accept-Language', language);
  new Headers(options.headers).forEach((value, name) => headers.set(name, value));

  const init: RequestInit = { method: endpoint.method, headers, body: encoded };
  if (options.signal !== undefined) init.signal = options.signal;
  return { url, init, hadToken };
}

/** Fetch or body-read failures: an abort (including a custom reason or a timeout) versus anything else. */
export function transportError(error: unknown, url: string, signal: AbortSignal | undefined): ApiError {
  if (error instanceof ApiError) return error;
  const aborted = signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
  return aborted
    ? new ApiError('aborted', 'Request aborted', { url, cause: error })
    : new ApiError('network', `Network failure: ${error instanceof Error ? error.message : String(error)}`, {
        url,
        cause: error,
      });
}

async function send(prepared: Prepared, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(prepared.url, prepared.init);
  } catch (error) {
    throw transportError(error, prepared.url, signal);
  }
}

/** The parsed body of an error answer: JSON when it parses, the text otherwise, undefined when empty. */
async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!isJsonType(response)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function refreshTokenOf(jsonData: unknown): string | undefined {
  if (typeof jsonData !== 'object' || jsonData === null) return undefined;
  const { refresh_token: snake, refreshToken: camel } = jsonData as Record<string, unknown>;
  if (typeof snake === 'string') return snake;
  return typeof camel === 'string' ? camel : undefined;
}

/**
 * Builds the 'http' error, lets the injected session handlers react (spec §8), then returns the error
 * for the caller to throw: callers always see the failure, whatever the handler did.
 */
async function httpError(response: Response, prepared: Prepared, signal: AbortSignal | undefined): Promise<ApiError> {
  let jsonData: unknown;
  if (prepared.init.method !== 'HEAD') {
    try {
      jsonData = await readErrorBody(response);
    } catch (error) {
      throw transportError(error, prepared.url, signal);
    }
  }
  // The text of the body's code is shown from here on (errorMessage); offline without it, the status is.
  if (jsonData !== undefined) await loadServerErrorTexts(jsonData).catch(() => undefined);
  const message = serverMessage(jsonData) ?? (response.statusText || `HTTP error ${response.status}`);
  const error = new ApiError('http', message, {
    url: prepared.url,
    status: response.status,
    statusText: response.statusText,
    response,
    jsonData,
  });
  const handlers = requestLayer().handlers ?? {};
  try {
    if (response.status === 401 && prepared.hadToken) await handlers.onUnauthorized?.(error);
    else if (response.status === 403 && prepared.hadToken) await handlers.onForbidden?.(error);
    else if (response.status === 410) await handlers.onGone?.(error, refreshTokenOf(jsonData));
  } catch (handlerError) {
    // A failing handler must not replace the HTTP error the caller is waiting for.
    console.error('Request layer handler failed', handlerError);
  }
  return error;
}

async function readData(response: Response, prepared: Prepared): Promise<unknown> {
  if (prepared.init.method === 'HEAD' || response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  if (!isJsonType(response)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError('invalidResponse', 'Response declared as JSON could not be parsed', {
      url: prepared.url,
      status: response.status,
      statusText: response.statusText,
      response,
      jsonData: text,
      cause: error,
    });
  }
}

async function beforeCall(endpoint: Endpoint): Promise<void> {
  const { beforeAuthenticatedCall } = requestLayer();
  if (endpoint.access.kind === 'public' || beforeAuthenticatedCall === undefined) return;
  try {
    await beforeAuthenticatedCall();
  } catch (error) {
    console.warn('Preparing the credentials failed; sending the call as is', error);
  }
}

/**
 * Sends one call. Resolves with the answer (validated against the response schema when there is one),
 * undefined for 204, HEAD or an empty body; rejects with an ApiError in every other case.
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<EndpointResponse<E>> {
  const prepared = await prepareCall(endpoint, options);
  const response = await send(prepared, options.signal);
  return readAnswer(endpoint, response, prepared, options.signal);
}

/**
 * For transports other than fetch (src/api/upload.ts sends with XMLHttpRequest for its progress
 * events): the same renewal, validation, URL, credentials and headers as `request`.
 */
export async function prepareCall<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E>,
  accept = 'application/json',
): Promise<Prepared> {
  await beforeCall(endpoint);
  return prepare(endpoint, options as RequestOptions<Endpoint>, accept);
}

/**
 * Turns an answer into the result `request` gives: session handlers and ApiError on failure, the
 * parsed body validated against the response schema on success.
 */
export async function readAnswer<E extends Endpoint>(
  endpoint: E,
  response: Response,
  prepared: Prepared,
  signal?: AbortSignal,
): Promise<EndpointResponse<E>> {
  if (!response.ok) throw await httpError(response, prepared, signal);

  let data: unknown;
  try {
    data = await readData(response, prepared);
  } catch (error) {
    throw transportError(error, prepared.url, signal);
  }
  if (endpoint.response === undefined) return data as EndpointResponse<E>;
  const result = endpoint.response.safeParse(data);
  if (result.success) return result.data as EndpointResponse<E>;
  const issues = result.error.issues;
  throw new ApiError('invalidResponse', `Invalid response for ${endpoint.id}: ${describeIssues(issues)}`, {
    url: prepared.url,
    status: response.status,
    statusText: response.statusText,
    response,
    jsonData: data,
    issues,
  });
}

/**
 * Blob mode for downloads. Rule for "not a blob": a 2xx answer with no body (204, 205, HEAD), or a JSON
 * content type without a Content-Disposition header (an API error or data answer rather than a file; a JSON
 * file meant for download is marked as an attachment), or a body that cannot be read as a blob.
 * The endpoint's response schema does not apply here.
 */
export async function download<E extends Endpoint>(endpoint: E, options: RequestOptions<E> = {}): Promise<Download> {
  await beforeCall(endpoint);
  // Downloads are files of any type; asking for JSON only could make a negotiating server answer 406.
  const prepared = prepare(endpoint, options, '*/*');
  const response = await send(prepared, options.signal);
  if (!response.ok) throw await httpError(response, prepared, options.signal);

  const disposition = response.headers.get('Content-Disposition');
  const notBlob = (cause?: unknown): ApiError =>
    new ApiError('notBlob', 'Response is not a blob', {
      url: prepared.url,
      status: response.status,
      statusText: response.statusText,
      response,
      cause,
    });
  const empty = prepared.init.method === 'HEAD' || response.status === 204 || response.status === 205;
  if (empty || (isJsonType(response) && disposition === null)) throw notBlob();

  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    const transport = transportError(error, prepared.url, options.signal);
    throw transport.kind === 'aborted' ? transport : notBlob(error);
  }
  return { blob, filename: filenameFromDisposition(disposition) ?? DEFAULT_FILENAME };
}
