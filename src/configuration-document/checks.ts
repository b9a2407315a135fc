/**
 * The §8 configuration messages of a document, each on its line: the categorization, consolidation
 * and taint messages (src/categorization/checks.ts, run on the document's own NLU rather than the
 * stored one, so a rule naming an interaction the document removes is reported before saving), and
 * "no server linked" for a context no server includes.
 */
import { NLU_RESPONSE_FORMATS } from '../contract/nlu-entities';
import type { ConfigurationMessage } from '../contract/categorization';
import { modulesMessages, type ServerFacts } from '../categorization/checks';
import type { ConfigurationDocument } from './document';

export interface DocumentMessage {
  /** A categorization message code, or `noServerLinked`. */
  code: ConfigurationMessage['code'] | 'noServerLinked';
  severity: 'error' | 'warning';
  /** The module it concerns (null: the NLU or the environment). */
  moduleId: string | null;
  /** Where in the document. */
  path: string[];
  params: ConfigurationMessage['params'];
  /** English text, for programs and logs. */
  message: string;
}

function serverFactsOf(document: ConfigurationDocument): ServerFacts[] {
  return document.nlu.servers.map((server) => {
    const written = String((server as { responseFormat?: unknown }).responseFormat ?? 'V5').toUpperCase();
    // An unknown format is read as V5, as the import does (server/nlu/import.ts).
    const responseFormat = NLU_RESPONSE_FORMATS.find((format) => format === written) ?? 'V5';
    return { name: String((server as { name?: unknown }).name ?? ''), aiVersion: String((server as { version?: unknown }).version ?? ''), responseFormat };
  });
}

function interactionNamesOf(document: ConfigurationDocument): Set<string> {
  const names = new Set<string>();
  for (const context of document.nlu.contexts as { interactions?: { id_interaction?: unknown }[] }[]) {
    for (const interaction of context.interactions ?? []) if (typeof interaction.id_interaction === 'string') names.add(interaction.id_interaction);
  }
  return names;
}

/** A module message's place in the document: module-wide paths start `modules/<id>`, others are inside its `config`. */
function documentPath(document: ConfigurationDocument, message: ConfigurationMessage): string[] {
  const index = document.settings.modules.findIndex((module) => module.id === message.moduleId);
  if (index < 0) return ['settings'];
  const [first, second, ...rest] = message.path;
  if (first === 'modules' && second === message.moduleId) return ['settings', 'modules', String(index), ...rest];
  return ['settings', 'modules', String(index), 'config', ...message.path];
}

export function documentMessages(document: ConfigurationDocument): DocumentMessage[] {
  // As the server's, on the document's own interactions and servers.
  const module = modulesMessages(document.settings.modules, interactionNamesOf(document), serverFactsOf(document)).map(
    (message): DocumentMessage => {
      const path = documentPath(document, message);
      // The criterion's `interaction` line, rather than the criterion's first line.
      return { ...message, path: message.code === 'unknownInteraction' ? [...path, 'interaction'] : path };
    },
  );
  const served = new Set(document.nlu.servers.flatMap((server) => ((server as { contexts?: unknown }).contexts as string[] | undefined) ?? []));
  const unserved = (document.nlu.contexts as { name?: unknown }[]).flatMap((context, index): DocumentMessage[] => {
    const name = String(context.name ?? '');
    if (served.has(name)) return [];
    return [
      {
        code: 'noServerLinked',
        severity: 'warning',
        moduleId: null,
        path: ['nlu', 'contexts', String(index), 'name'],
        params: { context: name },
        message: `No server linked to context "${name}": it is never included in NLU analyses`,
      },
    ];
  });
  return [...module, ...unserved];
}
