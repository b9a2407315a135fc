/**
 * The lint rule that keeps English sentences out of what the server answers (eslint.config.js,
 * SERVER_SENTENCES): a `message`/`text` sentence without a `code`, a message `key` or a translated
 * `reason` beside it is refused in server code; with one of them, or a bare code, it passes.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: 'server/routes/lint-sample.ts' });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
}

describe('server sentences lint rule', () => {
  it('refuses a sentence sent alone, as a literal or a template', async () => {
    expect(await refusals("export const a = { text: 'No vision engine module in this pipeline.' };\n")).toBe(1);
    expect(await refusals('export const b = (name: string) => ({ message: `Aborted by ${name}` });\n')).toBe(1);
  });

  it('lets a sentence through beside its code, key or reason, and a bare code anywhere', async () => {
    expect(await refusals("export const a = { message: 'Analysis not found', code: 'analysisNotFound' };\n")).toBe(0);
    expect(await refusals("export const b = { key: 'trace.abortedBy', message: 'Aborted by x' };\n")).toBe(0);
    expect(await refusals("export const c = { message: 'the answer is not JSON', reason: { key: 'reason.notJson' } };\n")).toBe(0);
    expect(await refusals("export const d = { message: 'internalError' };\n")).toBe(0);
  });
});
