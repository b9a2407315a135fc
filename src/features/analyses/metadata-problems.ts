/**
 * The metadata field of the new-analysis dialog: read as JSON and held to the contract's bounds
 * (METADATA_LIMITS, the same check the server runs), with the problem's translated message. A
 * refusal of the server with a metadata code is translated the same way.
 */
import type { TFunction } from 'i18next';
import { serverCode } from '../../api/errors';
import type { AnalysisMetadata } from '../../contract/analyses';
import { metadataProblem, type MetadataProblem } from '../../contract/uploads';

export type MetadataReading = { metadata: AnalysisMetadata; problem?: undefined } | { metadata?: undefined; problem: MetadataProblem };

/** '' is no metadata; anything else must be a JSON object of plain values within the limits. */
export function readMetadata(text: string): MetadataReading {
  if (text.trim() === '') return { metadata: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: { code: 'metadataNotObject' } };
  }
  const problem = metadataProblem(value);
  return problem === null ? { metadata: value as AnalysisMetadata } : { problem };
}

const CODES: readonly MetadataProblem['code'][] = [
  'metadataNotObject',
  'metadataValueNotPlain',
  'metadataTooManyKeys',
  'metadataKeyTooLong',
  'metadataTooLarge',
];

export function metadataProblemText(t: TFunction<'analyses'>, problem: MetadataProblem, language: string): string {
  const bytes = new Intl.NumberFormat(language);
  switch (problem.code) {
    case 'metadataNotObject':
      return t('upload.metadataProblems.metadataNotObject');
    case 'metadataValueNotPlain':
      return t('upload.metadataProblems.metadataValueNotPlain', { key: problem.key });
    case 'metadataTooManyKeys':
      return t('upload.metadataProblems.metadataTooManyKeys', { count: problem.count, max: problem.max });
    case 'metadataKeyTooLong':
      return t('upload.metadataProblems.metadataKeyTooLong', { max: problem.max });
    case 'metadataTooLarge':
      // In bytes: rounded to kilobytes, 16.4 KB over a 16 KB limit would read "16 KB; at most 16 KB".
      return t('upload.metadataProblems.metadataTooLarge', { size: bytes.format(problem.size), max: bytes.format(problem.max) });
  }
}

/** The metadata problem a 400 of the server names (its `code` and parameters), or undefined. */
export function serverMetadataProblem(error: unknown): MetadataProblem | undefined {
  const code = serverCode(error);
  if (code === undefined || !(CODES as readonly string[]).includes(code)) return undefined;
  return (error as { jsonData: MetadataProblem }).jsonData;
}
