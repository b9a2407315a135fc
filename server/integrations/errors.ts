/**
 * A connector failure with the contract's code (src/contract/integrations.ts). `detail` is shown to
 * the tenant and logged; `logDetail` goes to the server log only.
 *
 * A server that gave no answer — a private or loopback address refused by the outbound policy, a
 * name that does not resolve, a closed port, a timeout, a TLS failure — is ONE answer, `targetRefused`
 * without detail, as webhooks answer (docs/operations/security.md, "Outbound requests"): telling these apart would let a
 * tenant map the platform's internal network through a connector's settings. What the destination
 * itself answered (an HTTP status, an IMAP or SMTP refusal) is still shown: it came from a server the
 * policy allowed.
 */
import type { ConnectorErrorCode } from '../../src/contract/integrations';
import { HttpError } from '../http-error';

export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    readonly detail: string | null = null,
    /** What the operator needs to know, for the server log only (never stored nor answered). */
    readonly logDetail: string | null = null,
  ) {
    super(detail === null ? code : `${code}: ${detail}`);
    this.name = 'ConnectorError';
  }
}

/** The one failure for a server that could not be reached, whatever the reason (kept for the log). */
export const unreachable = (logDetail: string) => new ConnectorError('targetRefused', null, logDetail);

export interface FailureDescription {
  code: ConnectorErrorCode;
  detail: string | null;
  /** For the server log only. */
  logDetail: string | null;
}

const isOutboundError = (error: unknown): error is Error & { reason?: string } => error instanceof Error && error.name === 'OutboundError';

/** A code and a short detail for any failure, never a secret (errors from providers are summarised). */
export function describeFailure(error: unknown): FailureDescription {
  if (error instanceof ConnectorError) return { code: error.code, detail: error.detail, logDetail: error.logDetail };
  // Analysis creation refused past a light user's monthly quota: say so, with the renewal date.
  if (error instanceof HttpError && error.body.code === 'selfServiceQuotaReached') return { code: 'quotaReached', detail: String(error.body.renewsOn ?? '') || null, logDetail: null };
  if (isOutboundError(error)) return { code: 'targetRefused', detail: null, logDetail: `outbound ${error.reason ?? 'failure'}` };
  return { code: 'healthCheckFailed', detail: error instanceof Error ? error.message.slice(0, 200) : null, logDetail: null };
}
