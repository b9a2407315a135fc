/**
 * An NLU source as it crosses to a module worker. Archetypes' dictionaries (megabytes an import can
 * bring) stay the JSON bytes the database gives (source.ts `loadNluSourceForWorker`), handed to the
 * worker and parsed there: read as objects, the HTTP thread parsed them, then copied them again.
 */
import type { NluSource } from '../../src/nlu/types';
import { parseJsonBytes } from '../module-workers/held-json';

type Dictionaries = NluSource['archetypes'][number]['dictionaries'];

export interface WorkerNluSource extends Omit<NluSource, 'archetypes'> {
  archetypes: { name: string; dictionaries: Dictionaries | Uint8Array }[];
}

/** In the module worker: the source with its dictionaries parsed. */
export function parsedNluSource(source: WorkerNluSource): NluSource {
  return {
    ...source,
    archetypes: source.archetypes.map(({ name, dictionaries }) => ({
      name,
      dictionaries: dictionaries instanceof Uint8Array ? (parseJsonBytes(dictionaries) as Dictionaries) : dictionaries,
    })),
  };
}
