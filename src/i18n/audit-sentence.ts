/**
 * The audit log read as sentences for people: "Alice Martin a créé l'environnement
 * Production du projet Courrier entrant" (the person's first and last name, their username when the
 * account is gone). Each action kind (a contract operation id, or `read` for any reading by
 * provider staff) has a name (the action picker) and a sentence in the `auditLog` namespace; the
 * sentence takes the names the server stored with the entry (`names`). An entry lacking a name its
 * sentence needs (written before names were stored, or a body without one) reads "who: action name"
 * rather than a sentence with a hole.
 */
import type { AuditLogEntry } from '../contract/members';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Stands for a name the entry does not have; a sentence containing it is not used. */
const MISSING = '\u0000';

/** The action kind of an entry: its operation id, or `read` for a reading (only staff readings are logged). */
export function auditActionKind(entry: Pick<AuditLogEntry, 'action' | 'method'>): string {
  return entry.method === 'GET' || entry.method === 'HEAD' ? 'read' : entry.action;
}

/** The translated name of an action kind; the code itself for one without a text. */
export function auditActionName(t: Translate, kind: string): string {
  if (kind === 'read') return t('auditLog:read.name');
  const name = t(`auditLog:actions.${kind}.name`, { defaultValue: MISSING });
  return name === MISSING ? kind : name;
}

/** Every action kind with a text in the reader's language (the resources' `actions` tree, flattened). */
export function auditActionKinds(actions: unknown, prefix = ''): string[] {
  if (typeof actions !== 'object' || actions === null) return [];
  if (typeof (actions as { name?: unknown }).name === 'string') return [prefix];
  return Object.entries(actions).flatMap(([part, child]) => auditActionKinds(child, prefix === '' ? part : `${prefix}.${part}`));
}

type SentenceEntry = Pick<AuditLogEntry, 'action' | 'method' | 'actorUsername' | 'asUsername' | 'names'> &
  Partial<Pick<AuditLogEntry, 'actorName' | 'asName' | 'calls' | 'firstAt' | 'at'>>;

/**
 * The sentence of an entry; one that stands for several reads (a staff member's consecutive reads are
 * counted on one entry) says how many and from when to when, each moment written by `moment`.
 */
export function auditSentence(t: Translate, entry: SentenceEntry, moment: (iso: string) => string = (iso) => iso): string {
  const sentence = singleSentence(t, entry);
  const calls = entry.calls ?? 1;
  if (calls <= 1 || !entry.at) return sentence;
  return t('auditLog:read.repeated', { sentence, count: calls, from: moment(entry.firstAt ?? entry.at), to: moment(entry.at) });
}

function singleSentence(t: Translate, entry: SentenceEntry): string {
  const names = entry.names ?? {};
  // People by their first and last name; the username when the account is gone.
  const actor = entry.actorName || entry.actorUsername;
  const who = entry.asUsername ? t('auditLog:who.as', { actor, as: entry.asName || entry.asUsername }) : actor;
  const kind = auditActionKind(entry);
  if (kind === 'read') {
    if (names.environment && names.project) return t('auditLog:read.sentence', { who, place: t('auditLog:place.environment', names) });
    if (names.project) return t('auditLog:read.sentence', { who, place: t('auditLog:place.project', names) });
    return t('auditLog:read.organisation', { who });
  }
  const text = t(`auditLog:actions.${kind}.sentence`, {
    who,
    name: names.name || MISSING,
    environment: names.environment || MISSING,
    project: names.project || MISSING,
    defaultValue: MISSING,
  });
  return text.includes(MISSING) ? t('auditLog:generic', { who, action: auditActionName(t, kind) }) : text;
}
