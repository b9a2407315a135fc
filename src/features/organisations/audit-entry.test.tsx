// @vitest-environment jsdom
/**
 * The audit log as sentences: every action kind an entry can have — each operation of the
 * contract that changes something, and `read` — has a name and a sentence in French and English, and
 * renders with the names the server stored; the raw request stays in the entry's detail.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { allEndpoints } from '../../contract';
import type { AuditLogEntry } from '../../contract/members';
import { auditActionKinds } from '../../i18n/audit-sentence';
import { resources } from '../../i18n/resources';
import { changeLanguage, initI18n } from '../../i18n/setup';
import { AuditEntrySentence } from './audit-entry';
import { formatTime } from '../../i18n/dates';

/** Every operation a person's change can be logged under; readings are all the `read` kind. */
const WRITE_KINDS = allEndpoints.filter((endpoint) => endpoint.method !== 'GET').map((endpoint) => endpoint.id);

function entry(action: string, patch: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id: `id-${action}`,
    at: '2026-03-04T10:05:00.000Z',
    actorUsername: 'alice',
    actorName: null,
    asUsername: null,
    asName: null,
    action,
    method: 'POST',
    path: '/v4/console/api/project/p1/environments',
    targetType: 'environment',
    targetId: 'env-1',
    status: 201,
    names: { environment: 'Production', project: 'Courrier entrant', name: 'Robot' },
    calls: 1,
    firstAt: null,
    ...patch,
  };
}

function sentenceOf(value: AuditLogEntry): string {
  render(<AuditEntrySentence entry={value} />);
  const text = document.querySelector('.p-audit-entry__sentence')?.textContent ?? '';
  cleanup();
  return text;
}

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(cleanup);

describe('audit log action kinds', () => {
  it.each(['fr', 'en'] as const)('has a text in %s for exactly the operations that change something', (language) => {
    const kinds = auditActionKinds(resources[language].auditLog.actions);
    expect(WRITE_KINDS.filter((kind) => !kinds.includes(kind))).toEqual([]);
    expect(kinds.filter((kind) => !WRITE_KINDS.includes(kind))).toEqual([]);
  });
});

describe.each(['fr', 'en'] as const)('audit sentences in %s', (language) => {
  beforeAll(async () => {
    await changeLanguage(language);
  });

  it.each(WRITE_KINDS)('reads %s as a sentence with the stored names', (kind) => {
    const text = sentenceOf(entry(kind));
    expect(text.startsWith('alice ')).toBe(true);
    expect(text).not.toMatch(/\{\{|\}\}|actions\./);
    expect(text).not.toContain(String.fromCharCode(0));
    // Not the "who: action" fallback kept for entries without names.
    expect(text).not.toContain(language === 'fr' ? 'alice : ' : 'alice: ');
    expect(text.length).toBeGreaterThan('alice '.length + 8);
  });

  it('names the environment and its project, and who acted as whom', () => {
    expect(sentenceOf(entry('environments.create'))).toBe(
      language === 'fr' ? "alice a créé l'environnement Robot du projet Courrier entrant" : 'alice created environment Robot in project Courrier entrant',
    );
    expect(sentenceOf(entry('accessKeys.delete', { actorUsername: 'support', asUsername: 'bob' }))).toBe(
      language === 'fr'
        ? "support (en tant que bob) a supprimé une clé d'accès dans l'environnement Production du projet Courrier entrant"
        : 'support (as bob) deleted an access key in environment Production of project Courrier entrant',
    );
  });

  it('names the invitee of an invitation sent again or cancelled', () => {
    const invitation = { path: '/v4/console/api/organisation/o1/invitations/i1/resend', targetType: 'invitation', targetId: 'i1', names: { name: 'nina' } };
    expect(sentenceOf(entry('invitations.resend', invitation))).toBe(language === 'fr' ? "alice a renvoyé l'invitation à nina" : "alice sent nina's invitation again");
    expect(sentenceOf(entry('invitations.cancel', { ...invitation, method: 'DELETE' }))).toBe(language === 'fr' ? "alice a annulé l'invitation envoyée à nina" : "alice cancelled nina's invitation");
  });

  it('names people by their first and last name when known, by their username otherwise', () => {
    expect(sentenceOf(entry('environments.create', { actorName: 'Alice Martin' }))).toBe(
      language === 'fr' ? "Alice Martin a créé l'environnement Robot du projet Courrier entrant" : 'Alice Martin created environment Robot in project Courrier entrant',
    );
    expect(sentenceOf(entry('accessKeys.delete', { actorUsername: 'support', actorName: 'Sam Support', asUsername: 'bob', asName: 'Bob Durand' }))).toMatch(
      language === 'fr' ? /^Sam Support \(en tant que Bob Durand\) a supprimé/ : /^Sam Support \(as Bob Durand\) deleted/,
    );
  });

  it('reads a staff reading by its place, and an entry without names as who and action', () => {
    expect(sentenceOf(entry('projects.get', { actorUsername: 'sre', method: 'GET', names: { project: 'Courrier entrant' } }))).toBe(
      language === 'fr' ? 'sre a consulté le projet Courrier entrant' : 'sre read project Courrier entrant',
    );
    expect(sentenceOf(entry('projects.list', { actorUsername: 'sre', method: 'GET', names: null }))).toBe(
      language === 'fr' ? "sre a consulté des données de l'organisation" : "sre read the organisation's data",
    );
    expect(sentenceOf(entry('environments.delete', { names: null }))).toBe(
      language === 'fr' ? "alice : Suppression d'un environnement" : 'alice: Environment deletion',
    );
  });

  it('reads consecutive readings counted on one entry with their number and their span', () => {
    const firstAt = '2026-03-04T10:02:00.000Z';
    const at = '2026-03-04T10:40:00.000Z';
    const [from, to] = [formatTime(firstAt, language), formatTime(at, language)];
    expect(sentenceOf(entry('projects.list', { actorUsername: 'sre', method: 'GET', names: null, calls: 12, firstAt, at }))).toBe(
      language === 'fr' ? `sre a consulté des données de l'organisation (12 fois, de ${from} à ${to})` : `sre read the organisation's data (12 times, from ${from} to ${to})`,
    );
    expect(sentenceOf(entry('projects.get', { actorUsername: 'sre', method: 'GET', names: { project: 'Courrier entrant' }, calls: 2, firstAt, at }))).toBe(
      language === 'fr' ? `sre a consulté le projet Courrier entrant (2 fois, de ${from} à ${to})` : `sre read project Courrier entrant (2 times, from ${from} to ${to})`,
    );
  });

  it('keeps the raw request in a detail', () => {
    render(<AuditEntrySentence entry={entry('environments.create')} />);
    const detail = screen.getByText(language === 'fr' ? 'Requête' : 'Request').closest('details')!;
    expect(detail.open).toBe(false);
    expect(detail.textContent).toContain('environments.create');
    expect(detail.textContent).toContain('POST /v4/console/api/project/p1/environments');
    expect(detail.textContent).toContain('201');
  });
});
