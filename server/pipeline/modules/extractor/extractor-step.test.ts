/**
 * The extractor's result as a run stores it: with a sender's megabyte of text, its JSON is made in a
 * module worker and held as bytes (the HTTP thread never serializes it), the worker's time charged
 * to the run; a small result stays the plain value, as a round trip would cost more than it saves.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractorResult } from '../../../../src/contract/analysis-results';
import { isHeldJson, readHeld } from '../../../module-workers/held-json';
import { closeSharedModulePool, type ModuleMeter } from '../../../module-workers/module-pool';
import { IN_PLACE_JSON_CHARS, storedForm } from './extractor-step';

afterAll(() => closeSharedModulePool());

const resultWith = (text: string): ExtractorResult =>
  ({ documents: [{ name: 'long.eml', kind: 'mailBody', blocks: [{ text }, { text: 'Cordialement, « Marie » \u2028 "fin"' }] }] }) as unknown as ExtractorResult;

describe("the extractor's stored result", () => {
  it('is held as JSON bytes made in a module worker when it carries much text, with the same content', async () => {
    const result = resultWith('Bonjour, je vous écris au sujet du contrat 12345. '.repeat(40_000));
    const meter: ModuleMeter = { ms: 0 };
    const stored = await storedForm(result, { meter });
    expect(isHeldJson(stored)).toBe(true);
    expect(readHeld(stored)).toEqual(result);
    expect(meter.ms).toBeGreaterThan(0);
  });

  it('stays the plain value when its text is small', async () => {
    const result = resultWith('x'.repeat(IN_PLACE_JSON_CHARS - 100));
    const meter: ModuleMeter = { ms: 0 };
    expect(await storedForm(result, { meter })).toBe(result);
    expect(meter.ms).toBe(0);
  });
});
