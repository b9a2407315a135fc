/**
 * Posting to a webhook (spec §4 Webhooks, §8 "Webhook delivery"): the answer's status, or the reason
 * nothing was delivered. Used by the "send a test delivery" action and, later, by the pipeline.
 */
export interface DeliveryTarget {
  url: string;
  format: 'json' | 'form';
  authHeader: { name: string; value: string } | null;
}

export interface DeliveryResult {
  delivered: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const TIMEOUT_MS = 10_000;

function encode(format: DeliveryTarget['format'], payload: Record<string, unknown>): { body: string; type: string } {
  if (format === 'json') return { body: JSON.stringify(payload), type: 'application/json' };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
}

export async function deliver(target: DeliveryTarget, payload: Record<string, unknown>): Promise<DeliveryResult> {
  const started = Date.now();
  const { body, type } = encode(target.format, payload);
  const headers: Record<string, string> = { 'Content-Type': type, 'User-Agent': 'Postroom-Webhook/1' };
  if (target.authHeader) headers[target.authHeader.name] = target.authHeader.value;
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return {
      delivered: ok,
      statusCode: response.status,
      error: ok ? null : `destination replied with HTTP status code ${response.status}`,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return {
      delivered: false,
      statusCode: null,
      error: `An internal error prevented delivery: ${cause}`,
      durationMs: Date.now() - started,
    };
  }
}
