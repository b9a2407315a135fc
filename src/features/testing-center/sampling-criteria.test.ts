import { describe, expect, it } from 'vitest';
import { samplingCriteriaSchema } from '../../contract/testing-center-bank';
import { EMPTY_SAMPLING, parseMetadataLines, samplingCriteriaOf } from './sampling-criteria';

describe('sampling form', () => {
  it('reads key=value metadata lines and names the first bad line', () => {
    expect(parseMetadataLines('canal = web\n\nagence=Lyon')).toEqual({ metadata: { canal: 'web', agence: 'Lyon' }, badLine: null });
    expect(parseMetadataLines('canal=web\nsans égal').badLine).toBe(2);
  });

  it('gives criteria the contract accepts: ids split on spaces, commas and lines, days as local bounds', () => {
    const { criteria } = samplingCriteriaOf({ ...EMPTY_SAMPLING, ids: 'a1, b2\nc3 a1', from: '2026-01-01', to: '2026-01-31', maxCount: 10 });
    expect(criteria.ids).toEqual(['a1', 'b2', 'c3']);
    expect(new Date(criteria.from!).getDate()).toBe(1);
    expect(new Date(criteria.to!).getHours()).toBe(23);
    expect(samplingCriteriaSchema.safeParse(criteria).success).toBe(true);
    // The end before the start is refused by the same schema the server runs.
    expect(samplingCriteriaSchema.safeParse(samplingCriteriaOf({ ...EMPTY_SAMPLING, from: '2026-02-01', to: '2026-01-01' }).criteria).success).toBe(false);
  });
});
