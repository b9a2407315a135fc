/**
 * The output module's step: the payload of every option (server/pipeline/output.ts) from what the
 * run produced, built in a module worker (module-workers/output-task.ts) and held as JSON bytes.
 */
import { outputOptionsSchema } from '../../../../src/contract/environments';
import { sharedModulePool } from '../../../module-workers/module-pool';
import { plainBytes } from '../../../module-workers/held-json';
import { stoppedModule } from '../../../module-workers/stopped-module';
import { metered, type ModuleStep } from '../step';

export const outputStep: ModuleStep = async (module, context, state) => {
  // The files' bytes cross to the worker only when the payload carries them.
  const attachmentData = outputOptionsSchema.safeParse(module.config ?? {}).data?.attachmentData ?? true;
  const bytesOf = <T extends { bytes: Uint8Array }>(files: readonly T[]): T[] => (attachmentData ? files.map((file) => ({ ...file, bytes: plainBytes(file.bytes) })) : []);
  const { id, name, inputType, metadata, createdAt, run } = context.analysis;
  const answer = await sharedModulePool().run(
    {
      kind: 'output',
      input: {
        // Not the whole claimed row: its settings can be megabytes the payload never reads.
        analysis: { id, name, inputType, metadata, createdAt, run },
        extraction: state.extraction && { ...state.extraction, attachments: bytesOf(state.extraction.attachments) },
        uploadedAttachments: bytesOf(context.uploadedAttachments),
        modules: context.modules,
        results: state.results,
        config: module.config,
      },
    },
    metered(context),
  );
  if (!answer.ok) return stoppedModule(module, answer);
  return { outcome: 'success', message: answer.value.summary, result: answer.value.payload };
};
