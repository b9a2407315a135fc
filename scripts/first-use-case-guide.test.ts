/**
 * The first use case's page and the browser test that follows it cannot part ways: the test's steps
 * are the page's numbered headings, in the same order (the test also checks this when it runs, but
 * this check runs in the unit stage, in a second, without a browser).
 */
import { describe, expect, it } from 'vitest';
import { fencedBlock, GUIDE_FILE, GUIDE_WALK_FILE, guideSteps, readRepoFile, scenarioSteps } from './first-use-case-guide';

describe('reading the guide page', () => {
  it('takes the numbered step headings, in order, and refuses a gap', () => {
    expect(guideSteps('# T\n### 1. Sign in\ntext\n### 2. Create it \n## Other\n')).toEqual(['Sign in', 'Create it']);
    expect(() => guideSteps('### 1. A\n### 3. B\n')).toThrow(/numbered 3, expected 2/);
  });

  it('takes a fenced block of one language, with the line ends asked for', () => {
    expect(fencedBlock('x\n```eml\nFrom: a\n\nHi\n```\n', 'eml', '\r\n')).toBe('From: a\r\n\r\nHi\r\n');
  });

  it("takes a scenario's step titles", () => {
    expect(scenarioSteps("  step('Sign in', async () => {});\n  step('It\\'s done', fn);\n  step(\"The page's end\", fn);\n  step(\n    'Last',\n")).toEqual(['Sign in', "It's done", "The page's end", 'Last']);
  });
});

describe(`${GUIDE_FILE} and ${GUIDE_WALK_FILE}`, () => {
  it('have the same steps in the same order', () => {
    const page = guideSteps(readRepoFile(GUIDE_FILE));
    expect(page.length).toBeGreaterThan(5);
    expect(scenarioSteps(readRepoFile(GUIDE_WALK_FILE))).toEqual(page);
  });

  it('gives the reader a mail to import', () => {
    expect(fencedBlock(readRepoFile(GUIDE_FILE), 'eml')).toMatch(/^From: .*\nSubject: /ms);
  });
});
