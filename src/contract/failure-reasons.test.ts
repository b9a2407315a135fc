/**
 * Failure reasons (docs/development/messages.md, "Messages d'échec / failure reasons"): each class of library or remote
 * error gets its own key, every key has French and English text, and a reader sees the translated
 * reason with the raw text only as a marked technical detail.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { pipelineMessageText } from '../i18n/pipeline-message-text';
import { ParseError } from '../parsing/errors';
import { DETAIL_MAX_CHARS, failureReason, FAILURE_REASON_KEYS, reason, REASONS_WITHOUT_DETAIL, sandboxFailureReason } from './failure-reasons';
import { pipelineMessage } from './pipeline-messages';

function textOf(language: 'fr' | 'en', key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), resources[language].pipelineMessages);
}

const withCode = (message: string, code: string, name = 'Error') => Object.assign(new Error(message), { code, name });
const withCause = (cause: Error) => Object.assign(new TypeError('fetch failed'), { cause });

async function translators() {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng: 'fr', ns: Object.keys(resources.fr), interpolation: { escapeValue: false } });
  return (language: 'fr' | 'en') => (key: string, params: Record<string, unknown>) => i18n.getFixedT(language)(key as never, params as never) as unknown as string;
}

describe('failure reasons', () => {
  it('have French and English text for every key', () => {
    for (const language of ['fr', 'en'] as const) {
      expect(FAILURE_REASON_KEYS.filter((key) => typeof textOf(language, key) !== 'string' || (textOf(language, key) as string).trim() === '')).toEqual([]);
    }
  });

  it.each([
    ['a fetch deadline', Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }), 'reason.timeout'],
    ['a socket timeout', withCode('connect ETIMEDOUT 10.0.0.1:443', 'ETIMEDOUT'), 'reason.timeout'],
    ['a stopped request', Object.assign(new Error('This operation was aborted'), { name: 'AbortError' }), 'reason.aborted'],
    ['a refused connection behind fetch', withCause(withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED')), 'reason.connectionRefused'],
    ['an unknown host', withCause(withCode('getaddrinfo ENOTFOUND llm.example', 'ENOTFOUND')), 'reason.hostNotFound'],
    ['a bad certificate', withCause(withCode('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT')), 'reason.tls'],
    ['a cut connection', withCode('socket hang up', 'ECONNRESET'), 'reason.connectionReset'],
    ['an HTTP status on the error', Object.assign(new Error('Bad gateway'), { status: 502 }), 'reason.httpStatus'],
    ['an HTTP status in the text', new Error('Request failed with HTTP status 503'), 'reason.httpStatus'],
    ['a rate limit', Object.assign(new Error('Too Many Requests'), { statusCode: 429 }), 'reason.rateLimited'],
    ['an answer that is not JSON', new SyntaxError('Unexpected token < in JSON at position 0'), 'reason.notJson'],
    ['a schema mismatch', Object.assign(new Error('[{"path":["a"]}]'), { name: 'ZodError' }), 'reason.notMatchingSchema'],
    ['a file too large', withCode('File size (3000000000) is greater than 2 GiB', 'ERR_FS_FILE_TOO_LARGE'), 'reason.fileTooLarge'],
    ['a damaged PDF', Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' }), 'reason.unreadableFile'],
    ['a protected PDF', Object.assign(new Error('No password given'), { name: 'PasswordException' }), 'reason.passwordProtected'],
    ['a missing file', withCode("ENOENT: no such file or directory, open '/x'", 'ENOENT'), 'reason.fileMissing'],
    ['anything else', new Error('Cannot read properties of undefined'), 'reason.unexpected'],
    ['a database refusing its password (not a protected file)', withCode('password authentication failed for user "postroom"', '28P01'), 'reason.unexpected'],
    ['a thrown string', 'boom', 'reason.unexpected'],
  ])('maps %s to its key, keeping the raw text as the detail unless the sentence says it all (a file)', (_label, error, key) => {
    const found = failureReason(error);
    expect(found.key).toBe(key);
    if ((REASONS_WITHOUT_DETAIL as readonly string[]).includes(key)) expect(found.params?.detail).toBeUndefined();
    else expect(String(found.params?.detail)).toContain(error instanceof Error ? error.message : String(error));
  });

  it("says a file parser's error (a damaged PDF) only as a translated reason, never its English text", async () => {
    const translate = await translators();
    for (const code of ['corrupt', 'unsupported'] as const) {
      expect(failureReason(new ParseError(code, 'Not a readable PDF: Invalid PDF structure.'))).toEqual({ key: 'reason.unreadableFile' });
    }
    const stored = pipelineMessage('visionEngine.failed', { reason: failureReason(new ParseError('corrupt', 'Not a readable PDF: Invalid PDF structure.')) });
    expect(pipelineMessageText(translate('fr'), stored)).not.toMatch(/détail technique|Not a readable|Invalid PDF/);
    expect(pipelineMessageText(translate('fr'), stored)).toContain('le fichier est illisible ou endommagé');
    // A row stored with the English detail: still not shown.
    const legacy = pipelineMessage('visionEngine.failed', { reason: reason('reason.unreadableFile', 'Not a readable PDF: Invalid PDF structure.') });
    expect(pipelineMessageText(translate('fr'), legacy)).not.toMatch(/détail technique|Not a readable/);
    expect(pipelineMessageText(translate('en'), legacy)).not.toMatch(/technical detail|Not a readable/);
  });

  it('maps the sandboxes to their keys', () => {
    expect(sandboxFailureReason({ code: 'timeLimit', message: 'The program ran past the time allowed' }, 'templateEngine')).toEqual({ key: 'reason.sandboxTime' });
    expect(sandboxFailureReason({ code: 'advancedMemoryLimit', message: 'x' }, 'program')).toEqual({ key: 'reason.sandboxMemory' });
    expect(sandboxFailureReason({ code: 'syntax', message: 'unexpected "endif"' }, 'templateEngine')).toEqual({ key: 'reason.tool.templateEngine', params: { message: 'unexpected "endif"' } });
    expect(String(reason('reason.unexpected', 'x'.repeat(1000)).params?.detail)).toHaveLength(DETAIL_MAX_CHARS);
  });

  it('reads as a translated sentence, the raw text only as a technical detail; an old plain reason still shows', async () => {
    const translate = await translators();
    const stored = pipelineMessage('visionEngine.failed', { reason: failureReason(withCause(withCode('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'))) });
    expect(pipelineMessageText(translate('fr'), stored)).toBe('Le moteur de vision a échoué : la connexion a été refusée par le service distant (détail technique : fetch failed: connect ECONNREFUSED 127.0.0.1:9)');
    expect(pipelineMessageText(translate('en'), stored)).toBe('The vision engine failed: the remote service refused the connection (technical detail: fetch failed: connect ECONNREFUSED 127.0.0.1:9)');
    const tool = pipelineMessage('replyTemplate.failedAtLine', { template: 'r', inTemplate: 'r', line: 2, reason: sandboxFailureReason({ code: 'syntax', message: 'tag "iff" not found' }, 'templateEngine') });
    expect(pipelineMessageText(translate('fr'), tool)).toBe('Le modèle de réponse « r » a échoué (modèle « r », ligne 2) : message du moteur de modèles : tag "iff" not found');
    // An area's own code, nested with its namespace: the NLU screens' text for it.
    const nlu = pipelineMessage('nlu.noUsableConfiguration', { count: 1, first: { key: 'nlu:configErrors.badRegex', params: { reason: 'missing )' } } });
    expect(pipelineMessageText(translate('fr'), nlu)).toContain("Expression régulière invalide : message du moteur d'expressions régulières : missing )");
    const legacy = pipelineMessage('visionEngine.failed', { reason: 'Request timed out after 30000 ms' });
    expect(pipelineMessageText(translate('fr'), legacy)).toBe('Le moteur de vision a échoué : Request timed out after 30000 ms');
  });
});
