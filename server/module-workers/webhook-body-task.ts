/**
 * A run's webhook body, made in a module worker from the stored payload's JSON bytes: the payload
 * repeats the output (megabytes for a long mail), which the HTTP thread neither parses nor encodes.
 */
import { encodePayload, type DeliveryFormat } from '../webhooks/deliver';
import { parseJsonBytes } from './held-json';

export interface WebhookBodyTask {
  kind: 'webhookBody';
  format: DeliveryFormat;
  payloadJson: Uint8Array;
}

/** `body`: its buffer is transferred back, not copied. */
export interface WebhookBodyAnswer {
  body: Uint8Array;
  type: string;
}

export function runWebhookBody(task: WebhookBodyTask): WebhookBodyAnswer {
  const { body, type } = encodePayload(task.format, parseJsonBytes(task.payloadJson) as Record<string, unknown>);
  return { body: new TextEncoder().encode(body), type };
}
