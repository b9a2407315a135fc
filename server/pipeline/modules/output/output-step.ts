/** The output module's step: the payload of every option (server/pipeline/output.ts) from what the run produced. */
import { buildOutput } from '../../output';
import type { ModuleStep } from '../step';

export const outputStep: ModuleStep = (module, context, state) => {
  const { payload, summary } = buildOutput({
    analysis: context.analysis,
    extraction: state.extraction,
    uploadedAttachments: [...context.uploadedAttachments],
    modules: context.modules,
    results: state.results,
    config: module.config,
  });
  return { outcome: 'success', message: summary, result: payload };
};
