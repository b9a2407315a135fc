/**
 * Imports the original platform's console export (exportVersion 2, src/contract/nlu-transfer.ts)
 * into an environment, in one transaction:
 * - `merge` (POST …/nlu/import): archetypes, contexts and servers are added or replaced by name;
 *   an imported context's interactions replace that context's interactions; the rest stays;
 * - `replace` (the environment import of issue 5): the environment's NLU configuration becomes
 *   exactly the file's.
 * Every item is read on its own: a bad one is reported with where it is and why, the others are
 * imported. Languages are the §3 codes (`en` is read as `gb`).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INTERACTION_DEFAULT_DISTANCE, NLU_RESPONSE_FORMATS, nluNameSchema } from '../../src/contract/nlu-entities';
import {
  ORIGINAL_EXPORT_VERSION,
  originalArchetypeSchema,
  originalContextSchema,
  originalInteractionSchema,
  originalNluExportSchema,
  originalServerSchema,
  type NluImportItemCode,
  type NluImportReport,
} from '../../src/contract/nlu-transfer';
import { NLU_LANGUAGES } from '../../src/contract/environments';
import { VALIDATION_MESSAGES } from '../../src/contract/validation-messages';
import type { NluLanguage } from '../../src/nlu/types';
import type { Database } from '../db/open';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
import { HttpError } from '../http-error';
import { checkImportBounds } from './import-bounds';
import { toDictionary } from './original-dictionaries';
import { newServerToken } from './token';
import { writeNlu, type Tx } from './write';

type Report = NluImportReport;
/** Reports an item left out: its code and parameters for the console, the English text for programs. */
type Fail = (at: string, name: string | null, code: NluImportItemCode, params: Record<string, string>, message: string) => void;

export function readOriginalExport(file: unknown) {
  const version = (file as { nlu?: { metadata?: { exportVersion?: unknown } } } | null)?.nlu?.metadata?.exportVersion;
  const parsed = originalNluExportSchema.safeParse(file);
  if (!parsed.success) {
    throw new HttpError(400, { message: 'This file is not an NLU console export ({"nlu": {…, "metadata": {"exportVersion": 2}}})', code: 'nluImportFormat', issues: parsed.error.issues });
  }
  if (version !== ORIGINAL_EXPORT_VERSION) {
    throw new HttpError(400, {
      message: `This NLU export has version ${String(version)}; this server reads version ${ORIGINAL_EXPORT_VERSION}`,
      code: 'nluImportVersion',
      params: { version: String(version), expected: ORIGINAL_EXPORT_VERSION },
    });
  }
  checkImportBounds(parsed.data.nlu);
  return parsed.data;
}

export function languageOf(code: string): NluLanguage | null {
  const lower = code.trim().toLowerCase();
  const mapped = lower === 'en' ? 'gb' : lower;
  return (NLU_LANGUAGES as readonly string[]).includes(mapped) ? (mapped as NluLanguage) : null;
}

/** Why a name was refused, as a code the console says in its words (`nlu:nameProblems.*`). */
function nameProblem(error: { issues: { code: string; message: string }[] }): string {
  const issue = error.issues[0];
  if (issue?.code === 'too_small') return 'empty';
  if (issue?.code === 'too_big') return 'tooLong';
  if (issue?.message === VALIDATION_MESSAGES.nluNameCharacters) return 'characters';
  return 'notText';
}

const issueText = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || '(item)'}: ${issue.message}`).join('; ');

/** The part of an object the schema did not name: kept for the export. */
function extrasOf(value: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !known.includes(key)));
}

export async function importOriginalExport(db: Database, environmentId: string, file: unknown, mode: 'merge' | 'replace'): Promise<Report> {
  const { nlu } = readOriginalExport(file);
  const report: Report = { imported: { archetypes: [], contexts: [], interactions: [], servers: [] }, errors: [] };
  const fail: Fail = (at, name, code, params, message) => report.errors.push({ at, name, code, params, message });
  const nameOf = (at: string, raw: unknown): string | null => {
    const name = nluNameSchema.safeParse(raw);
    if (!name.success) fail(at, typeof raw === 'string' ? raw : null, 'invalidName', { problem: nameProblem(name.error) }, `Invalid name: ${issueText(name.error)}`);
    return name.success ? name.data : null;
  };
  const languagesOf = (at: string, name: string, codes: string[]): NluLanguage[] =>
    codes.flatMap((code) => {
      const language = languageOf(code);
      if (language === null) fail(at, name, 'unknownLanguage', { language: code }, `Unknown language "${code}" left out`);
      return language === null ? [] : [language];
    });

  await writeNlu(db, environmentId, '', async (tx) => {
    if (mode === 'replace') {
      for (const table of [nluServers, nluInteractions, nluContexts, nluArchetypes, nluFunctions]) {
        await tx.delete(table).where(eq(table.environmentId, environmentId));
      }
    }
    const seen = { archetypes: new Set<string>(), contexts: new Set<string>(), servers: new Set<string>() };
    const once = (kind: keyof typeof seen, at: string, name: string): boolean => {
      if (seen[kind].has(name)) {
        fail(at, name, 'duplicateName', { name }, `A second item named "${name}" was left out`);
        return false;
      }
      seen[kind].add(name);
      return true;
    };

    for (const [index, raw] of nlu.archetypes.entries()) {
      const at = `archetypes[${index}]`;
      const parsed = originalArchetypeSchema.safeParse(raw);
      if (!parsed.success) {
        fail(at, null, 'invalidItem', { detail: issueText(parsed.error) }, issueText(parsed.error));
        continue;
      }
      const name = nameOf(at, parsed.data.name);
      if (name === null || !once('archetypes', at, name)) continue;
      const codes = new Set([...parsed.data.langs, ...parsed.data.dict.map((d) => d.lang), ...parsed.data.regex.map((d) => d.lang)]);
      const dictionaries: Partial<Record<NluLanguage, string>> = {};
      for (const language of languagesOf(at, name, [...codes])) {
        const texts = {
          dict: parsed.data.dict.find((d) => languageOf(d.lang) === language)?.dictionary,
          regex: parsed.data.regex.find((d) => languageOf(d.lang) === language)?.dictionary,
        };
        dictionaries[language] = toDictionary(parsed.data, texts);
      }
      await tx
        .insert(nluArchetypes)
        .values({ id: randomUUID(), environmentId, name, dictionaries })
        .onConflictDoUpdate({ target: [nluArchetypes.environmentId, nluArchetypes.name], set: { dictionaries, updatedAt: new Date() } });
      report.imported.archetypes.push(name);
    }

    for (const [index, raw] of nlu.contexts.entries()) {
      const at = `contexts[${index}]`;
      const parsed = originalContextSchema.safeParse(raw);
      if (!parsed.success) {
        fail(at, null, 'invalidItem', { detail: issueText(parsed.error) }, issueText(parsed.error));
        continue;
      }
      const name = nameOf(at, parsed.data.name);
      if (name === null || !once('contexts', at, name)) continue;
      const languages = languagesOf(at, name, parsed.data.langs);
      const values = { languages: languages.length > 0 ? languages : (['fr'] as NluLanguage[]), neutralizers: parsed.data.neutralizers };
      const [context] = await tx
        .insert(nluContexts)
        .values({ id: randomUUID(), environmentId, name, ...values })
        .onConflictDoUpdate({ target: [nluContexts.environmentId, nluContexts.name], set: { ...values, updatedAt: new Date() } })
        .returning({ id: nluContexts.id });
      await tx.delete(nluInteractions).where(eq(nluInteractions.contextId, context!.id));
      report.imported.contexts.push(name);
      await importInteractions(tx, environmentId, context!.id, name, `${at}.interactions`, parsed.data.interactions, report, fail);
    }

    for (const [index, raw] of nlu.servers.entries()) {
      const at = `servers[${index}]`;
      const parsed = originalServerSchema.safeParse(raw);
      if (!parsed.success) {
        fail(at, null, 'invalidItem', { detail: issueText(parsed.error) }, issueText(parsed.error));
        continue;
      }
      const server = parsed.data;
      const name = nameOf(at, server.name);
      if (name === null || !once('servers', at, name)) continue;
      const known = new Set(
        (await tx.select({ name: nluContexts.name }).from(nluContexts).where(eq(nluContexts.environmentId, environmentId))).map((row) => row.name),
      );
      const contexts = server.contexts.filter((context) => {
        if (!known.has(context)) fail(at, name, 'unknownContext', { context }, `Unknown context "${context}" left out of the server`);
        return known.has(context);
      });
      const format = NLU_RESPONSE_FORMATS.find((candidate) => candidate === server.responseFormat.toUpperCase());
      if (format === undefined) fail(at, name, 'unknownResponseFormat', { format: String(server.responseFormat) }, `Unknown response format "${server.responseFormat}": V5 used`);
      // `multi_lang`, or `auto` written as the default language: the language is detected per text.
      const auto = server.multi_lang || server.defaultLanguage.trim().toLowerCase() === 'auto';
      const language = auto ? null : languageOf(server.defaultLanguage);
      if (!auto && language === null) fail(at, name, 'unknownDefaultLanguage', { language: String(server.defaultLanguage) }, `Unknown default language "${server.defaultLanguage}": fr used`);
      const values = {
        aiVersion: server.version,
        defaultLanguage: auto ? 'auto' : (language ?? 'fr'),
        responseFormat: format ?? 'V5',
        labeling: server.labeling,
        multipleInteractions: server.multipleInteractions,
        contexts,
        extras: { ...extrasOf(server, ['name', 'multi_lang', 'labeling', 'multipleInteractions', 'contexts', 'responseFormat', 'version']) },
      };
      await tx
        .insert(nluServers)
        .values({ id: randomUUID(), environmentId, name, token: newServerToken(), ...values })
        .onConflictDoUpdate({ target: [nluServers.environmentId, nluServers.name], set: { ...values, updatedAt: new Date() } });
      report.imported.servers.push(name);
    }
  });
  return report;
}

async function importInteractions(
  tx: Tx,
  environmentId: string,
  contextId: string,
  context: string,
  at: string,
  interactions: unknown[],
  report: Report,
  fail: Fail,
): Promise<void> {
  const names = new Set<string>();
  for (const [index, raw] of interactions.entries()) {
    const where = `${at}[${index}]`;
    const parsed = originalInteractionSchema.safeParse(raw);
    if (!parsed.success) {
      fail(where, null, 'invalidItem', { detail: issueText(parsed.error) }, issueText(parsed.error));
      continue;
    }
    const interaction = parsed.data;
    const name = nluNameSchema.safeParse(interaction.id_interaction);
    if (!name.success || names.has(name.data)) {
      if (name.success) fail(where, interaction.id_interaction, 'duplicateInteraction', { name: name.data }, `A second interaction named "${name.data}" was left out`);
      else fail(where, interaction.id_interaction, 'invalidName', { problem: nameProblem(name.error) }, `Invalid name: ${issueText(name.error)}`);
      continue;
    }
    names.add(name.data);
    const entries = Object.entries(interaction.parameters).sort(([a], [b]) => Number(a) - Number(b) || a.localeCompare(b));
    // A null position (the original writes one where the order is the map's) is the parameter's rank in the map.
    const parameters = entries.map(([, parameter], rank) => ({
      name: parameter.id_parameter,
      position: parameter.position ?? rank,
      archetype: parameter.archetype,
      optional: parameter.optional,
      multiple: parameter.multiple,
      resetConversation: parameter.reset_conversation,
    }));
    // Per parameter, its key in the file and the fields this console does not use, for the export.
    const parameterExtras = Object.fromEntries(
      entries.map(([key, parameter]) => [
        parameter.id_parameter,
        { key, ...extrasOf(parameter, ['id_parameter', 'archetype', 'optional', 'multiple', 'position', 'reset_conversation']) },
      ]),
    );
    await tx.insert(nluInteractions).values({
      id: randomUUID(),
      environmentId,
      contextId,
      name: name.data,
      comment: interaction.verbose[0]?.verbose ?? '',
      enabled: interaction.enabled,
      ordered: interaction.ordonned,
      distance: INTERACTION_DEFAULT_DISTANCE,
      parameters,
      functions: [],
      extras: { ...extrasOf(interaction, ['id_interaction', 'enabled', 'ordonned', 'parameters']), parameterExtras },
    });
    report.imported.interactions.push(`${context}/${name.data}`);
  }
}

