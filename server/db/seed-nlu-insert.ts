/**
 * Inserts the demo NLU configuration (seed-nlu.ts) into the demo NLU project's environments, inside
 * the seed's transaction. Fixed ids and ON CONFLICT DO NOTHING: a second run changes nothing, and
 * the configuration revision moves only when something was inserted (engine-cache.ts recompiles).
 */
import { bumpRevision } from '../nlu/revision';
import { newServerToken } from '../nlu/token';
import type { Database } from './open';
import { nluArchetypes, nluContexts, nluInteractions, nluServers } from './schema-nlu';
import { DEMO_NLU_ARCHETYPES, DEMO_NLU_CONTEXT, DEMO_NLU_INTERACTIONS, DEMO_NLU_SERVER } from './seed-nlu';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function seedDemoNlu(tx: Tx, environmentIds: readonly string[]): Promise<void> {
  for (const environmentId of environmentIds) {
    const id = (kind: string, name: string) => `${environmentId}-nlu-${kind}-${name}`;
    const contextId = id('context', DEMO_NLU_CONTEXT);
    const inserted = [
      ...(await tx
        .insert(nluArchetypes)
        .values(DEMO_NLU_ARCHETYPES.map((archetype) => ({ id: id('archetype', archetype.name), environmentId, ...archetype })))
        .onConflictDoNothing()
        .returning({ id: nluArchetypes.id })),
      ...(await tx
        .insert(nluContexts)
        .values({ id: contextId, environmentId, name: DEMO_NLU_CONTEXT, languages: ['fr', 'gb'], neutralizers: [] })
        .onConflictDoNothing()
        .returning({ id: nluContexts.id })),
    ];
    // A context somebody deleted and the seed just put back gets its interactions again.
    inserted.push(
      ...(await tx
        .insert(nluInteractions)
        .values(
          DEMO_NLU_INTERACTIONS.map((interaction) => ({
            id: id('interaction', interaction.name),
            environmentId,
            contextId,
            name: interaction.name,
            comment: interaction.comment,
            distance: -1,
            parameters: interaction.parameters,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: nluInteractions.id })),
      ...(await tx
        .insert(nluServers)
        .values({
          id: id('server', DEMO_NLU_SERVER),
          environmentId,
          name: DEMO_NLU_SERVER,
          // Categorization needs AI version 5 or higher (§9).
          aiVersion: '5.0',
          defaultLanguage: 'auto',
          responseFormat: 'V5',
          labeling: true,
          multipleInteractions: true,
          contexts: [DEMO_NLU_CONTEXT],
          token: newServerToken(),
          status: 'started',
          readyAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: nluServers.id })),
    );
    if (inserted.length > 0) await bumpRevision(tx, environmentId);
  }
}
