/**
 * What a webhook receives after a run (§4 Webhooks): `analysis` webhooks the output module's payload
 * once processed, `error` webhooks the reason, and `consolidation` webhooks the payload when manual
 * final status is on, with the call that finishes the analysis (its PATCH must set exchangeLabels).
 */
import type { AnalysisStatus } from '../../src/contract/analyses';
import type { ClaimedAnalysis } from './claim';
import { decodePipelineMessage } from '../../src/contract/pipeline-messages';
import { pipelineMessageText } from '../../src/i18n/pipeline-message-text';
import { translatorFor } from '../i18n/error-messages';

export interface EnvelopeInput {
  type: 'analysis' | 'consolidation' | 'error';
  environmentId: string;
  analysis: Pick<ClaimedAnalysis, 'id' | 'name' | 'inputType' | 'createdAt' | 'run'>;
  status: AnalysisStatus;
  awaitingFinalStatus: boolean;
  finishedAt: Date | null;
  error: string | null;
  /** The output module's payload (its large parts held as JSON bytes, held-json.ts); null without an output module or when the run failed. */
  output: Record<string, unknown> | null;
}

export function webhookEnvelope(input: EnvelopeInput): Record<string, unknown> {
  const { analysis } = input;
  return {
    type: input.type,
    environmentId: input.environmentId,
    analysis: {
      id: analysis.id,
      name: analysis.name,
      status: input.status,
      inputType: analysis.inputType,
      run: analysis.run,
      createdAt: analysis.createdAt.toISOString(),
      finishedAt: input.finishedAt?.toISOString() ?? null,
      awaitingFinalStatus: input.awaitingFinalStatus,
    },
    // The error in the default language (French, §1) with its stable keys for programs.
    ...(input.type === 'error'
      ? { error: pipelineMessageText(translatorFor('fr'), input.error), errorParts: input.error === null ? null : decodePipelineMessage(input.error) }
      : { output: input.output }),
    ...(input.type === 'consolidation'
      ? {
          finalStatus: {
            method: 'PATCH',
            path: `/v4/api/environment/${input.environmentId}/analyses/${analysis.id}`,
            body: { status: 'processed', exchangeLabels: ['…'] },
          },
        }
      : {}),
  };
}
