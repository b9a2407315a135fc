/**
 * An environment's whole configuration as one snapshot (src/contract/configuration-graph.ts): its
 * modules in pipeline order, its NLU items reduced to their references and its reply templates to
 * what they answer and include. Dictionaries and template bodies are read to find their references
 * and never sent.
 */
import { asc, eq } from 'drizzle-orm';
import type { ConfigurationSnapshot } from '../../src/contract/configuration-graph';
import { pipelineModules } from '../../src/contract/pipeline-modules';
import { snapshotOf } from '../../src/configuration-problems';
import type { Database } from '../db/open';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions, nluServers } from '../db/schema-nlu';
import { environmentSettingsOf } from '../categorization/facts';

type Reader = Pick<Database, 'select'>;

export async function loadConfigurationSnapshot(db: Reader, environmentId: string): Promise<ConfigurationSnapshot> {
  const settings = await environmentSettingsOf(db, environmentId);
  const [archetypes, contexts, interactions, functions, servers] = await Promise.all([
    db
      .select({ id: nluArchetypes.id, name: nluArchetypes.name, dictionaries: nluArchetypes.dictionaries })
      .from(nluArchetypes)
      .where(eq(nluArchetypes.environmentId, environmentId))
      .orderBy(asc(nluArchetypes.name)),
    db
      .select({ id: nluContexts.id, name: nluContexts.name, neutralizers: nluContexts.neutralizers })
      .from(nluContexts)
      .where(eq(nluContexts.environmentId, environmentId))
      .orderBy(asc(nluContexts.name)),
    db
      .select({
        id: nluInteractions.id,
        name: nluInteractions.name,
        contextId: nluInteractions.contextId,
        enabled: nluInteractions.enabled,
        parameters: nluInteractions.parameters,
        functions: nluInteractions.functions,
      })
      .from(nluInteractions)
      .where(eq(nluInteractions.environmentId, environmentId))
      .orderBy(asc(nluInteractions.name)),
    db
      .select({ id: nluFunctions.id, name: nluFunctions.name, interactionToFind: nluFunctions.interactionToFind })
      .from(nluFunctions)
      .where(eq(nluFunctions.environmentId, environmentId))
      .orderBy(asc(nluFunctions.name)),
    db
      .select({ id: nluServers.id, name: nluServers.name, contexts: nluServers.contexts })
      .from(nluServers)
      .where(eq(nluServers.environmentId, environmentId))
      .orderBy(asc(nluServers.name)),
  ]);
  return snapshotOf(pipelineModules(settings), { archetypes, contexts, interactions, functions, servers }, settings.replyTemplates);
}
