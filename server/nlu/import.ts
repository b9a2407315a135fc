/**
 * Imports the original platform's console export (exportVersion 2, src/contract/nlu-transfer.ts)
 * into an environment, in one transaction:
 * - `merge` (POST …/nlu/import): archetypes, contexts and servers are added or replaced by name;
 *   an imported context's interactions replace that context's interactions; the rest stays;
 * - `replace` (the environment import): the environment's NLU configuration becomes
 *   exactly the file's.
 * Every item is read on its own: a bad one is reported with where it is and why, the others are
 * imported. Languages are the §3 codes (`en` is read as `gb`).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { INTERACTION_DEFAULT_DISTANCE, NLU_RESPONSE_FORMATS, nluNameSchema } from '../../src/contract/nlu-entities';
import { originalContextSchema, originalInteractionSchema, originalServerSchema, type NluImportReport } from '../../src/contract/nlu-transfer';
import type { NluLanguage } from '../../src/nlu/types';
import type { Database } from '../db/open';
import { jsonbOfParts } from '../db/jsonb-parts';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
import { HttpError } from '../http-error';
import { sharedModulePool } from '../module-workers/module-pool';
import { testStopped } from '../module-workers/test-task';
import { extrasOf, issueText, itemChecks, languageOf, nameProblem, notAnExport, type Fail } from './import-read';
import { newServerToken } from './token';
import { writeNlu, type Tx } from './write';

type Report = NluImportReport;

export async function importOriginalExport(db: Database, environmentId: string, file: unknown, mode: 'merge' | 'replace'): Promise<Report> {
  // Read and converted in a module worker (import-read.ts): the file is the tenant's.
  const sent = await sharedModulePool().run({ kind: 'nluImportRead', file });
  // A file nested deeper than a copy to the worker goes is no export either.
  if (!sent.ok && sent.code === 'unsendable') throw notAnExport();
  if (!sent.ok) throw testStopped(sent);
  if ('refused' in sent.value) throw new HttpError(sent.value.refused.status, sent.value.refused.body);
  const nlu = sent.value.read;
  const report: Report = { imported: { archetypes: [], contexts: [], interactions: [], servers: [] }, errors: [...nlu.errors] };
  const { fail, nameOf, languagesOf, once } = itemChecks(report.errors);
  const seen = { contexts: new Set<string>(), servers: new Set<string>() };

  await writeNlu(db, environmentId, '', async (tx) => {
    if (mode === 'replace') {
      for (const table of [nluServers, nluInteractions, nluContexts, nluArchetypes, nluFunctions]) {
        await tx.delete(table).where(eq(table.environmentId, environmentId));
      }
    }
    for (const { name, dictionaries: held } of nlu.archetypes) {
      // The dictionaries' JSON bytes as the worker made them: the database decodes them.
      const dictionaries = jsonbOfParts([held.heldJson]);
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
      if (name === null || !once(seen.contexts, at, name)) continue;
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
      if (name === null || !once(seen.servers, at, name)) continue;
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

