/** The SRE screens of core analyses are named in French in French ("Analyses du cœur"), not "Analyses core". */
import { describe, expect, it } from 'vitest';
import { resources } from './resources';

describe('SRE core analyses wording', () => {
  it('says "core" in French in every French name of the screen', () => {
    const fr = [resources.fr.sre.menuCoreAnalyses, resources.fr.sre.analyses.title.core, resources.fr.routes.sreAnalyses];
    expect(fr.filter((text) => /\bcore\b/i.test(text))).toEqual([]);
    expect(fr.every((text) => text.includes('cœur'))).toBe(true);
    expect(resources.en.sre.menuCoreAnalyses).toBe('Core analyses (SRE)');
  });
});
