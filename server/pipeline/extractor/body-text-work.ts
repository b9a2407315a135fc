/**
 * Where a body's text work runs (body-text.ts): a small body here, as a round trip to a worker
 * costs more than the work; a large one in a module worker, under its deadline and memory cap, so a
 * sender's megabytes of HTML or quoted thread never hold the thread that answers HTTP. Stopped
 * there, the caller notes the body as unreadable with the reason and reads the rest of the file.
 */
import { plainBytes } from '../../module-workers/held-json';
import { sharedModulePool, type ModuleMeter, type PoolResult } from '../../module-workers/module-pool';
import { bodySize, bodyText, type BodySource, type BodyText, type BodyTextOptions } from '../../../src/extractor/body-text';

/** Up to this many characters (or bytes), reading a body takes well under a millisecond. */
export const IN_PLACE_BODY_SIZE = 64 * 1024;

export async function readBodyText(source: BodySource, options: BodyTextOptions, meter?: ModuleMeter): Promise<PoolResult<BodyText>> {
  if (bodySize(source) <= IN_PLACE_BODY_SIZE) return { ok: true, value: await bodyText(source, options) };
  // Copied, not handed over: the part's bytes stay the caller's (the output module may send them).
  const sent = 'bytes' in source ? { bytes: plainBytes(source.bytes) } : source;
  return sharedModulePool().run({ kind: 'bodyText', source: sent, options }, meter ? { meter } : {});
}
