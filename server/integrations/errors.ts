/** A connector failure with the contract's code (src/contract/integrations.ts); `detail` is safe to show and log. */
import type { ConnectorErrorCode } from '../../src/contract/integrations';
import { HttpError } from '../http-error';

export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    readonly detail: string | null = null,
  ) {
    super(detail === null ? code : `${code}: ${detail}`);
    this.name = 'ConnectorError';
  }
}

/** A code and a short detail for any failure, never a secret (errors from providers are summarised). */
export function describeFailure(error: unknown): { code: ConnectorErrorCode; detail: string | null } {
  if (error instanceof ConnectorError) return { code: error.code, detail: error.detail };
  // Analysis creation refused past a light user's monthly quota: say so, with the renewal date.
  if (error instanceof HttpError && error.body.code === 'selfServiceQuotaReached') return { code: 'quotaReached', detail: String(error.body.renewsOn ?? '') || null };
  if (error instanceof Error && error.name === 'OutboundError') {
    const reason = (error as Error & { reason?: string }).reason;
    return reason === 'refusedTarget' ? { code: 'targetRefused', detail: null } : { code: 'healthCheckFailed', detail: reason ?? null };
  }
  return { code: 'healthCheckFailed', detail: error instanceof Error ? error.message.slice(0, 200) : null };
}
