import { describe, expect, it } from 'vitest';
import { autoCandidates } from './auto-candidates';

const contexts = [
  { name: 'claims', languages: ['fr', 'gb'] },
  { name: 'travel', languages: ['es', 'fr'] },
  { name: 'bare', languages: [] },
];

describe('autoCandidates', () => {
  it("takes the analysed contexts' languages, once each", () => {
    expect(autoCandidates(contexts, ['claims', 'travel'], ['de'])).toEqual(['fr', 'gb', 'es']);
    expect(autoCandidates(contexts, ['travel'], ['de'])).toEqual(['es', 'fr']);
  });
  it("falls back on the environment's languages, then on none (every language)", () => {
    expect(autoCandidates(contexts, ['bare'], ['de', 'auto', 'de'])).toEqual(['de']);
    expect(autoCandidates(contexts, ['bare'], [])).toEqual([]);
  });
});
