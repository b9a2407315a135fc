/**
 * Uploads with progress. fetch reports no upload progress, so this sends with XMLHttpRequest, but
 * everything else is `request`'s: token renewal, credentials, base URL, validation before sending,
 * the session handlers (401, 403, 410) and ApiError on failure, the response schema on success.
 */
import type { Endpoint, EndpointParams, EndpointQuery, EndpointResponse } from '../contract/define';
import { prepareCall, readAnswer, transportError } from './request';

export interface UploadProgress {
  loaded: number;
  /** 0 when the browser cannot tell. */
  total: number;
}

export interface UploadOptions<E extends Endpoint> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body: FormData;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** Headers of an XMLHttpRequest answer, as a Headers object. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses: not one we read.
    }
  }
  return headers;
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted', 'AbortError');
}

export async function upload<E extends Endpoint>(endpoint: E, options: UploadOptions<E>): Promise<EndpointResponse<E>> {
  const { signal, onProgress } = options;
  const prepared = await prepareCall(endpoint, { params: options.params, query: options.query, body: options.body, signal } as never);
  const response = await new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(transportError(abortError(), prepared.url, signal));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(prepared.init.method ?? 'POST', prepared.url);
    new Headers(prepared.init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      // Response refuses a body with 204/205 and statuses outside 200-599.
      const empty = xhr.status === 204 || xhr.status === 205;
      resolve(
        new Response(empty ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(transportError(new Error('The upload failed'), prepared.url, signal));
    xhr.onabort = () => reject(transportError(abortError(), prepared.url, signal));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(prepared.init.body as XMLHttpRequestBodyInit);
  });
  return readAnswer(endpoint, response, prepared, signal);
}
