/** §4 rules of the result screen's buttons, and the reason a disabled one gives. */
import { describe, expect, it } from 'vitest';
import { canAbort, canDelete, canDownload, canReanalyze, canTestExtractor } from './analysis-rules';
import type { AnalysisStatus } from '../../contract/analyses';

const analysis = (status: AnalysisStatus, anonymizedAt: string | null = null) => ({ status, anonymizedAt });

describe('abort', () => {
  it.each(['waiting', 'pending'] as const)('is possible while %s', (status) => {
    expect(canAbort(analysis(status), 'qualifier')).toEqual({ allowed: true });
  });
  it.each(['processed', 'error', 'aborted'] as const)('is refused once %s', (status) => {
    expect(canAbort(analysis(status), 'configurator')).toEqual({ allowed: false, reason: 'finished' });
  });
  it('needs at least a qualifier', () => {
    expect(canAbort(analysis('pending'), 'cockpit')).toEqual({ allowed: false, reason: 'qualifier' });
  });
});

describe('reanalyze', () => {
  it.each(['waiting', 'pending'] as const)('is refused while %s, as already processing', (status) => {
    expect(canReanalyze(analysis(status), 'configurator')).toEqual({ allowed: false, reason: 'processing' });
  });
  it.each(['processed', 'error', 'aborted'] as const)('is possible once %s', (status) => {
    expect(canReanalyze(analysis(status), 'qualifier')).toEqual({ allowed: true });
  });
  it('is refused once anonymized', () => {
    expect(canReanalyze(analysis('processed', '2026-01-01T00:00:00Z'), 'configurator')).toEqual({ allowed: false, reason: 'anonymized' });
  });
  it('needs at least a qualifier', () => {
    expect(canReanalyze(analysis('processed'), 'cockpit')).toEqual({ allowed: false, reason: 'qualifier' });
  });
});

describe('delete, download and the extractor test', () => {
  it('delete is for configurators', () => {
    expect(canDelete(analysis('processed'), 'qualifier')).toEqual({ allowed: false, reason: 'configurator' });
    expect(canDelete(analysis('pending'), 'configurator')).toEqual({ allowed: true });
  });
  it('no original file can be downloaded once anonymized', () => {
    expect(canDownload(analysis('processed', '2026-01-01T00:00:00Z'))).toEqual({ allowed: false, reason: 'anonymized' });
    expect(canDownload(analysis('processed'))).toEqual({ allowed: true });
  });
  it('the extractor test is for configurators', () => {
    expect(canTestExtractor('qualifier')).toEqual({ allowed: false, reason: 'configurator' });
    expect(canTestExtractor('configurator')).toEqual({ allowed: true });
  });
});

