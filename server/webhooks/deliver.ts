/**
 * Posting to a webhook (spec §4 Webhooks, §8 "Webhook delivery"): the answer's status, or the reason
 * nothing was delivered. Used by the "send a test delivery" action and by the pipeline's delivery
 * worker, both through the server's outbound client (server/outbound), which refuses local targets.
 *
 * What the user reads of a failure is either the destination's HTTP status, or one generic sentence:
 * a refused address, a failed DNS lookup, a refused connection and a timeout all read the same, so a
 * test delivery cannot be used to map a network. The precise reason is kept for the server's log.
 */
import { OutboundError, type OutboundClient } from '../outbound/client';
import { pipelineMessage } from '../../src/contract/pipeline-messages';

export interface DeliveryTarget {
  url: string;
  authHeader: { name: string; value: string } | null;
}

export type DeliveryFormat = 'json' | 'form';

/** A payload in a webhook's format: its body and content type. */
export interface EncodedPayload {
  body: string | Uint8Array;
  type: string;
}

/** Headers naming the delivery, so receivers can drop the duplicates of at-least-once delivery. */
export interface DeliveryIdentity {
  /** The same for every attempt of one delivery. */
  deliveryId: string;
  event: 'analysis' | 'consolidation' | 'error';
  attempt: number;
}

export const DELIVERY_HEADERS = { id: 'X-Postroom-Delivery', event: 'X-Postroom-Event', attempt: 'X-Postroom-Attempt' } as const;

export interface DeliveryResult {
  delivered: boolean;
  statusCode: number | null;
  /** Stored as keys + parameters (`delivery.*` of `pipelineMessages`): readers translate it. */
  error: string | null;
  durationMs: number;
  /** Why nothing was delivered, for logs only (never shown to a user). */
  cause: string | null;
}

/** §8: the only words a user reads when no HTTP answer came back (stored as a key). */
export const DELIVERY_PREVENTED = pipelineMessage('delivery.prevented');

/**
 * The body a webhook receives. A run's payload is megabytes for a long mail: the pipeline has it
 * encoded in a module worker (module-workers/webhook-body-task.ts); a test delivery's is small.
 */
export function encodePayload(format: DeliveryFormat, payload: Record<string, unknown>): { body: string; type: string } {
  if (format === 'json') return { body: JSON.stringify(payload), type: 'application/json' };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) form.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
}

export async function deliver(
  outbound: OutboundClient,
  target: DeliveryTarget,
  identity: DeliveryIdentity,
  { body, type }: EncodedPayload,
): Promise<DeliveryResult> {
  const started = Date.now();
  const headers: Record<string, string> = { 'Content-Type': type, 'User-Agent': 'Postroom-Webhook/1' };
  if (target.authHeader) headers[target.authHeader.name] = target.authHeader.value;
  // Set last (header names are case-insensitive: node keeps the last of two spellings), so a
  // customer's header cannot hide the delivery id the receiver relies on.
  Object.assign(headers, {
    [DELIVERY_HEADERS.id]: identity.deliveryId,
    [DELIVERY_HEADERS.event]: identity.event,
    [DELIVERY_HEADERS.attempt]: String(identity.attempt),
  });
  try {
    // Timeouts are the client's (10 s in all by default); only the status of the answer matters.
    const response = await outbound.fetch(target.url, { method: 'POST', headers, body, discardBody: true });
    const ok = response.status >= 200 && response.status < 300;
    return {
      delivered: ok,
      statusCode: response.status,
      error: ok ? null : pipelineMessage('delivery.statusCode', { statusCode: response.status }),
      durationMs: Date.now() - started,
      cause: null,
    };
  } catch (error) {
    return {
      delivered: false,
      statusCode: null,
      error: DELIVERY_PREVENTED,
      durationMs: Date.now() - started,
      cause: error instanceof OutboundError ? `${error.reason}: ${error.message}` : String(error),
    };
  }
}

