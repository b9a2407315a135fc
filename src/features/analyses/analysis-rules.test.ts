/** §4 rules of the result screen's buttons, and the reason a disabled one gives. */
import { describe, expect, it } from 'vitest';
import { canAbort, canCreate, canDelete, canDownload, canReanalyze, canTestExtractor } from './analysis-rules';
import type { AnalysisStatus } from '../../contract/analyses';
import type { ProjectProfile } from '../../contract/define';

const analysis = (status: AnalysisStatus, anonymizedAt: string | null = null) => ({ status, anonymizedAt });
const member = (profile: ProjectProfile) => ({ profile, capabilities: [] });
/** Provider SRE: no member profile, the operations capability. */
const sre = { profile: 'noAccess' as const, capabilities: ['operations' as const] };

describe('abort', () => {
  it.each(['waiting', 'pending'] as const)('is possible while %s', (status) => {
    expect(canAbort(analysis(status), member('qualifier'))).toEqual({ allowed: true });
  });
  it.each(['processed', 'error', 'aborted'] as const)('is refused once %s', (status) => {
    expect(canAbort(analysis(status), member('configurator'))).toEqual({ allowed: false, reason: 'finished' });
  });
  it('needs at least a qualifier', () => {
    expect(canAbort(analysis('pending'), member('cockpit'))).toEqual({ allowed: false, reason: 'qualifier' });
  });
});

describe('reanalyze', () => {
  it.each(['waiting', 'pending'] as const)('is refused while %s, as already processing', (status) => {
    expect(canReanalyze(analysis(status), member('configurator'))).toEqual({ allowed: false, reason: 'processing' });
  });
  it.each(['processed', 'error', 'aborted'] as const)('is possible once %s', (status) => {
    expect(canReanalyze(analysis(status), member('qualifier'))).toEqual({ allowed: true });
  });
  it('is refused once anonymized', () => {
    expect(canReanalyze(analysis('processed', '2026-01-01T00:00:00Z'), member('configurator'))).toEqual({ allowed: false, reason: 'anonymized' });
  });
  it('needs at least a qualifier', () => {
    expect(canReanalyze(analysis('processed'), member('cockpit'))).toEqual({ allowed: false, reason: 'qualifier' });
  });
});

describe('delete, download and the extractor test', () => {
  it('delete is for configurators', () => {
    expect(canDelete(analysis('processed'), member('qualifier'))).toEqual({ allowed: false, reason: 'configurator' });
    expect(canDelete(analysis('pending'), member('configurator'))).toEqual({ allowed: true });
  });
  it('no original file can be downloaded once anonymized', () => {
    expect(canDownload(analysis('processed', '2026-01-01T00:00:00Z'))).toEqual({ allowed: false, reason: 'anonymized' });
    expect(canDownload(analysis('processed'))).toEqual({ allowed: true });
  });
  it('the extractor test is for configurators', () => {
    expect(canTestExtractor(member('qualifier'))).toEqual({ allowed: false, reason: 'configurator' });
    expect(canTestExtractor(member('configurator'))).toEqual({ allowed: true });
  });
});

describe('provider SRE (operations)', () => {
  it('may abort, reanalyze and test the extractor, not delete or create analyses; nothing while the project loads', () => {
    expect(canAbort(analysis('pending'), sre)).toEqual({ allowed: true });
    expect(canReanalyze(analysis('processed'), sre)).toEqual({ allowed: true });
    expect(canDelete(analysis('processed'), sre)).toEqual({ allowed: false, reason: 'configurator' });
    expect(canCreate(sre)).toEqual({ allowed: false, reason: 'qualifier' });
    expect(canTestExtractor(sre)).toEqual({ allowed: true });
    expect(canReanalyze(analysis('processed'), undefined)).toEqual({ allowed: false, reason: 'qualifier' });
  });
});
