/**
 * Webhook delivery attempts (§3, §4 Webhooks, §8 Webhook delivery). The run schedules attempt 1 per
 * active webhook; delivery workers claim due attempts with `FOR UPDATE SKIP LOCKED` (so several
 * processes share them), post with server/webhooks/deliver.ts, record the outcome on the attempt's
 * row and, after a failure, schedule the next attempt with exponential backoff until `maxAttempts`.
 * A worker that dies mid-post leaves a lease that runs out, and the attempt is made again: delivery
 * is at least once. Every attempt of one delivery carries the same X-Postroom-Delivery id (the first
 * attempt's row id), so receivers can drop the duplicates.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { SecretBox } from '../crypto/secret-box';
import type { Database } from '../db/open';
import { webhooks } from '../db/schema';
import type { OutboundClient } from '../outbound/client';
import { deliver, DELIVERY_PREVENTED } from '../webhooks/deliver';
import { sharedModulePool } from '../module-workers/module-pool';
import { plainBytes } from '../module-workers/held-json';
import { ownBuffer } from '../../src/parsing/own-buffer';
import { jsonBytesOf } from '../db/jsonb-parts';
import { rowsOf } from './claim';
import { pipelineMessage } from '../../src/contract/pipeline-messages';

export interface DeliveryOptions {
  /** Attempts per delivery, the first included. */
  maxAttempts: number;
  /** Wait before attempt 2; doubled for each attempt after. */
  backoffMs: number;
  leaseMs: number;
}

export interface DeliveryDeps {
  db: Database;
  secrets: SecretBox;
  outbound: OutboundClient;
  log?: (level: 'info' | 'warn' | 'error', details: Record<string, unknown>, message: string) => void;
}

interface DueAttempt {
  id: string;
  /** Names the delivery across its attempts. */
  deliveryId: string;
  analysisId: string;
  webhookId: string | null;
  url: string;
  type: 'analysis' | 'consolidation' | 'error';
  attempt: number;
  /** The stored payload as UTF-8 JSON bytes: the HTTP thread hands them to a module worker unread. */
  payloadJson: Uint8Array;
}

export interface DueDeliveries {
  due: DueAttempt[];
  /** When none was due: the earliest scheduled attempt's time, to sleep until then (null: none scheduled). */
  nextAt: Date | null;
}

/**
 * Claims up to `limit` due attempts; when none is due, the same statement answers when the next one
 * is scheduled, so an idle delivery worker spends one statement per poll, not two.
 */
export async function claimDueDeliveries(db: Database, workerId: string, limit: number, leaseMs: number): Promise<DueDeliveries> {
  const result = await db.execute(sql`
    WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE outcome = 'scheduled' AND scheduled_at <= now() AND (lease_expires_at IS NULL OR lease_expires_at < now())
      ORDER BY scheduled_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ),
    claimed AS (
      UPDATE webhook_deliveries AS d SET claimed_by = ${workerId}, lease_expires_at = now() + ${leaseMs} * interval '1 millisecond'
      FROM due
      WHERE d.id = due.id
      RETURNING d.id, d.delivery_id, d.analysis_id, d.webhook_id, d.url, d.type, d.attempt, ${jsonBytesOf(sql`d.payload`)} AS payload_json
    )
    SELECT id, delivery_id, analysis_id, webhook_id, url, type, attempt, payload_json, NULL::timestamptz AS next_at FROM claimed
    UNION ALL
    SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, (SELECT min(scheduled_at) FROM webhook_deliveries WHERE outcome = 'scheduled')
    WHERE NOT EXISTS (SELECT 1 FROM claimed)`);
  const rows = rowsOf(result);
  const claimed = rows.filter((row) => row.id !== null && row.id !== undefined);
  const next = claimed.length === 0 ? rows[0]?.next_at : null;
  return {
    due: claimed.map((row) => ({
      id: String(row.id),
      deliveryId: String(row.delivery_id ?? row.id),
      analysisId: String(row.analysis_id),
      webhookId: (row.webhook_id as string | null) ?? null,
      url: String(row.url),
      type: row.type as DueAttempt['type'],
      attempt: Number(row.attempt),
      payloadJson: plainBytes(row.payload_json as Uint8Array),
    })),
    nextAt: next === null || next === undefined ? null : new Date(next as string),
  };
}

/** Makes one attempt and records it; schedules the next one after a failure while attempts remain. */
export async function attemptDelivery(deps: DeliveryDeps, workerId: string, due: DueAttempt, options: DeliveryOptions): Promise<void> {
  const { db, secrets } = deps;
  const [webhook] = due.webhookId === null ? [] : await db.select().from(webhooks).where(eq(webhooks.id, due.webhookId));
  let outcome: { delivered: boolean; statusCode: number | null; error: string | null; retry: boolean };
  if (webhook === undefined) {
    outcome = { delivered: false, statusCode: null, error: pipelineMessage('delivery.webhookDeleted'), retry: false };
  } else if (!webhook.active) {
    outcome = { delivered: false, statusCode: null, error: pipelineMessage('delivery.webhookDeactivated'), retry: false };
  } else {
    let authHeader: { name: string; value: string } | null = null;
    let sealedOk = true;
    try {
      authHeader =
        webhook.authHeaderName && webhook.authHeaderValueEncrypted
          ? { name: webhook.authHeaderName, value: secrets.open(webhook.authHeaderValueEncrypted) }
          : null;
    } catch {
      sealedOk = false;
    }
    if (!sealedOk) {
      // A value sealed under another signing key (JWT_SECRET changed): say so rather than post without it.
      outcome = { delivered: false, statusCode: null, error: pipelineMessage('delivery.authorizationUndecryptable'), retry: false };
    } else {
      // The body in the webhook's format, made in a module worker; its bytes go there and back unread.
      const payloadJson = ownBuffer(due.payloadJson);
      const encoded = await sharedModulePool().run({ kind: 'webhookBody', format: webhook.format, payloadJson: due.payloadJson }, { transfer: payloadJson ? [payloadJson] : [] });
      // The URL of the webhook now (it may have been edited since the run) is the one posted to.
      const result = encoded.ok
        ? await deliver(deps.outbound, { url: webhook.url, authHeader }, { deliveryId: due.deliveryId, event: due.type, attempt: due.attempt }, encoded.value)
        : { delivered: false, statusCode: null, error: DELIVERY_PREVENTED, cause: `payload not encoded: ${encoded.message}` };
      // The reason stays in the log (ids only, never the URL); the attempt's row says §8's sentence.
      if (result.cause !== null) deps.log?.('warn', { deliveryId: due.deliveryId, attempt: due.attempt, cause: result.cause }, 'webhook not delivered');
      outcome = { ...result, retry: !result.delivered };
    }
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    const recorded = await tx.execute(sql`
      UPDATE webhook_deliveries SET
        outcome = ${outcome.delivered ? 'delivered' : 'failed'},
        http_status = ${outcome.statusCode},
        delivered_at = ${outcome.delivered ? now.toISOString() : null},
        error_at = ${outcome.delivered ? null : now.toISOString()},
        error = ${outcome.error},
        claimed_by = NULL,
        lease_expires_at = NULL
      WHERE id = ${due.id} AND claimed_by = ${workerId} AND outcome = 'scheduled'
      RETURNING id`);
    // Another worker took this attempt over (our lease ran out): it records and retries, not us.
    if (rowsOf(recorded).length === 0) return;
    if (outcome.retry && due.attempt < options.maxAttempts) {
      const wait = options.backoffMs * 2 ** (due.attempt - 1);
      // The payload is copied by the database, not sent back through this thread.
      await tx.execute(sql`
        INSERT INTO webhook_deliveries (id, delivery_id, analysis_id, webhook_id, url, type, attempt, outcome, scheduled_at, payload)
        SELECT ${randomUUID()}, ${due.deliveryId}, ${due.analysisId}, ${due.webhookId}, ${webhook?.url ?? due.url}, ${due.type}, ${due.attempt + 1},
          'scheduled', ${new Date(now.getTime() + wait).toISOString()}, payload
        FROM webhook_deliveries WHERE id = ${due.id}`);
    }
  });
}
