/**
 * The use-case library (spec §2.4 "Create environment" templates): ready configurations a
 * new environment starts from. One list for the console's library page, the create-environment
 * screen and the future self-service area: the three templates shipped with the server
 * (ENVIRONMENT_TEMPLATES) and the kits published by provider staff (kit-based templates), each with
 * what it configures. "Use" is `environments.create` with the `template` or `kit` source.
 */
import { z } from 'zod';
import { access, forLightUsers, defineEndpoint, type Endpoint } from './define';
import { moduleTypeSchema, templateIdSchema } from './environments';

export const useCaseSummarySchema = z.object({
  languages: z.array(z.string()),
  modules: z.array(z.object({ type: moduleTypeSchema, name: z.string() })),
  categories: z.array(z.string()),
  archetypes: z.array(z.string()),
  interactions: z.array(z.string()),
  extractionFields: z.array(z.string()),
});
export type UseCaseSummary = z.infer<typeof useCaseSummarySchema>;

export const useCaseSchema = z.discriminatedUnion('kind', [
  /** Its title and description are translated by the console (`useCases.templates.<id>`). */
  z.object({ kind: z.literal('template'), id: templateIdSchema, summary: useCaseSummarySchema }),
  /** A published kit: its name and description are the kit's own. */
  z.object({ kind: z.literal('kit'), id: z.string(), name: z.string(), description: z.string(), summary: useCaseSummarySchema }),
]);
export type UseCase = z.infer<typeof useCaseSchema>;

export const listUseCases = defineEndpoint({
  id: 'useCases.list',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}/use-cases',
  summary: 'The use-case library: the shipped templates and the published kits, with what each configures',
  access: forLightUsers(access.organisation('orgaId', 'contributor', 'operations')),
  params: z.object({ orgaId: z.string().min(1) }),
  response: z.array(useCaseSchema),
});

export const useCaseEndpoints: readonly Endpoint[] = [listUseCases];
