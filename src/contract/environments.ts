/** Environments (spec §3 Environment). The screens' endpoints extend this file (issue 5). */
import { z } from 'zod';
import { access, defineEndpoint } from './define';

export const visibilitySchema = z.enum(['public', 'private']);

/** An environment with where it lives: what ghosting and rapid navigation need to link to it. */
export const environmentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  visibility: visibilitySchema,
  priority: z.boolean(),
  projectId: z.string(),
  projectName: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
});
export type EnvironmentSummary = z.infer<typeof environmentSummarySchema>;

export const getEnvironment = defineEndpoint({
  id: 'environments.get',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}',
  summary: 'One environment with its project and organisation (also serves ghosted sessions)',
  access: access.environment('envId', 'cockpit'),
  params: z.object({ envId: z.string().min(1) }),
  response: environmentSummarySchema,
});
