/**
 * The environment's configuration in one read (graph visualiser, problem checks): every
 * module with its configuration in pipeline order, the NLU items reduced to how they refer to each
 * other, and the reply templates reduced to what they answer and include. Archetype dictionaries (up
 * to 100 000 entries) and template bodies are not sent: only the names of the archetypes they
 * reference (`[[name]]`) and the templates included, which is all the graph and the checks read.
 *
 * The problem checks (src/configuration-problems/) take this snapshot; the server builds it from its
 * tables and settings, and a screen holding full NLU items (the IDE) builds it with `snapshotOf`.
 *
 * Access: the NLU configuration's (qualifier; provider SRE reads the configuration it operates).
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { environmentModuleSchema } from './environments';

export const snapshotArchetypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Names written `[[name]]` in any of its dictionaries (builtins such as `@date` included), sorted. */
  references: z.array(z.string()),
});

export const snapshotContextSchema = z.object({
  id: z.string(),
  name: z.string(),
  neutralizers: z.array(z.string()),
});

export const snapshotInteractionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The context's name (interaction names are unique per context). */
  context: z.string(),
  enabled: z.boolean(),
  parameters: z.array(z.object({ name: z.string(), archetype: z.string() })),
  functions: z.array(z.string()),
});

export const snapshotFunctionSchema = z.object({
  id: z.string(),
  name: z.string(),
  interactionToFind: z.string().nullable(),
});

export const snapshotServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  contexts: z.array(z.string()),
});

export const snapshotReplyTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The category this template answers, or null (the default template, an included piece). */
  category: z.string().nullable(),
  /** Ids of the templates its body includes by a literal name (names that match no template are left out). */
  includes: z.array(z.string()),
});

export const configurationSnapshotSchema = z.object({
  /** The environment's modules in pipeline order (the default pipeline when none is configured). */
  modules: z.array(environmentModuleSchema),
  archetypes: z.array(snapshotArchetypeSchema),
  contexts: z.array(snapshotContextSchema),
  interactions: z.array(snapshotInteractionSchema),
  functions: z.array(snapshotFunctionSchema),
  servers: z.array(snapshotServerSchema),
  /** The environment's reply templates (`settings.replyTemplates`), without their bodies. */
  replyTemplates: z.array(snapshotReplyTemplateSchema),
});
export type ConfigurationSnapshot = z.infer<typeof configurationSnapshotSchema>;

export const getConfigurationSnapshot = defineEndpoint({
  id: 'configuration.snapshot',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/configuration/snapshot',
  summary: 'The whole configuration of the environment as one snapshot (modules, NLU items and their references) for the graph and the problem checks',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: z.object({ envId: z.string().min(1) }),
  response: configurationSnapshotSchema,
});

export const configurationGraphEndpoints: readonly Endpoint[] = [getConfigurationSnapshot];
