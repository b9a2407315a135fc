/**
 * An environment's NLU configuration in the original platform's console export format
 * (exportVersion 2): the reverse of import.ts, with the fields kept from an import written back.
 * Interaction functions and distances have no place in that format and are not exported.
 */
import { asc, eq } from 'drizzle-orm';
import { ORIGINAL_EXPORT_VERSION, type OriginalNluExport } from '../../src/contract/nlu-transfer';
import type { Database } from '../db/open';
import { nluArchetypes, nluContexts, nluInteractions, nluServers } from '../db/schema-nlu';
import { fromDictionary } from './original-dictionaries';

type Reader = Pick<Database, 'select'>;

function archetypeOut(row: typeof nluArchetypes.$inferSelect) {
  const languages = Object.keys(row.dictionaries).sort();
  const parts = languages.map((lang) => ({ lang, ...fromDictionary(row.dictionaries[lang as keyof typeof row.dictionaries] ?? '') }));
  const idOn = parts.some((part) => part.idOn);
  return {
    name: row.name,
    langs: languages,
    dict_first_is_id: idOn,
    dict_invariable: parts.some((part) => part.invariable),
    regex_first_is_id: idOn,
    dict: parts.map((part) => ({ lang: part.lang, dictionary: part.dict })),
    regex: parts.filter((part) => part.regex !== '').map((part) => ({ lang: part.lang, dictionary: part.regex })),
  };
}

function interactionOut(row: typeof nluInteractions.$inferSelect, languages: string[]) {
  const { parameterExtras, verbose, ...extras } = row.extras as {
    parameterExtras?: Record<string, { key?: string } & Record<string, unknown>>;
    verbose?: { lang: string; verbose: string }[];
  } & Record<string, unknown>;
  // The comment is the first verbose text; other languages' texts come back as they were imported.
  const texts = verbose ?? [];
  const verboseOut = row.comment === '' && texts.length === 0 ? [] : [{ lang: texts[0]?.lang ?? languages[0] ?? 'fr', verbose: row.comment }, ...texts.slice(1)];
  const parameters = Object.fromEntries(
    row.parameters.map((parameter, index) => {
      const { key, ...kept } = parameterExtras?.[parameter.name] ?? {};
      return [
        key ?? String(index + 1),
        {
          ...kept,
          id_parameter: parameter.name,
          archetype: parameter.archetype,
          optional: parameter.optional,
          multiple: parameter.multiple,
          position: parameter.position,
          reset_conversation: parameter.resetConversation,
        },
      ];
    }),
  );
  return { descriptor: [], post_processors: [], ...extras, id_interaction: row.name, enabled: row.enabled, ordonned: row.ordered, verbose: verboseOut, parameters };
}

function serverOut(row: typeof nluServers.$inferSelect) {
  const auto = row.defaultLanguage === 'auto';
  return {
    replicas: 1,
    ...row.extras,
    name: row.name,
    multi_lang: auto,
    defaultLanguage: auto ? String(row.extras.defaultLanguage ?? 'fr') : row.defaultLanguage,
    labeling: row.labeling,
    multipleInteractions: row.multipleInteractions,
    contexts: row.contexts,
    responseFormat: row.responseFormat,
    version: row.aiVersion,
  };
}

export async function exportOriginal(db: Reader, environmentId: string): Promise<OriginalNluExport> {
  const [archetypes, contexts, interactions, servers] = await Promise.all([
    db.select().from(nluArchetypes).where(eq(nluArchetypes.environmentId, environmentId)).orderBy(asc(nluArchetypes.name)),
    db.select().from(nluContexts).where(eq(nluContexts.environmentId, environmentId)).orderBy(asc(nluContexts.name)),
    db.select().from(nluInteractions).where(eq(nluInteractions.environmentId, environmentId)).orderBy(asc(nluInteractions.name)),
    db.select().from(nluServers).where(eq(nluServers.environmentId, environmentId)).orderBy(asc(nluServers.name)),
  ]);
  return {
    nlu: {
      archetypes: archetypes.map(archetypeOut),
      contexts: contexts.map((context) => ({
        name: context.name,
        langs: context.languages,
        neutralizers: context.neutralizers,
        interactions: interactions.filter((row) => row.contextId === context.id).map((row) => interactionOut(row, context.languages)),
      })),
      servers: servers.map(serverOut),
      metadata: { exportVersion: ORIGINAL_EXPORT_VERSION },
    },
  };
}
