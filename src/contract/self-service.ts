/**
 * Self-service (spec §2.4): what a light user does under /self. Each light user works in
 * one project of their organisation, created on first need; its environments are their "use cases",
 * created from the use-case library (`useCases.list`) the same way `environments.create` does with a
 * `template` or `kit` source. The month's quota (organisation setting `selfServiceMonthlyQuota`) is
 * counted in analyses across all the user's use cases; past it the server refuses new analyses with
 * `selfServiceQuotaReached` (parameter `renewsOn`).
 *
 * Access is `signedIn`, open to light users (`forLightUsers`; they are refused every endpoint not so
 * marked): the handlers serve light users only (`selfServiceLightUsersOnly` otherwise) and only
 * their own use cases (any other id: `environmentNotFound`).
 */
import { z } from 'zod';
import { access, forLightUsers, defineEndpoint, type Endpoint } from './define';
import { environmentNameSchema, languageSchema, retentionSchema, templateIdSchema } from './environments';
export { SELF_SERVICE_ERROR_CODES } from './error-code-lists';

/** The month's analyses of a light user, across all their use cases. */
export const selfServiceQuotaSchema = z.object({
  monthlyQuota: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
  /** First day of next month (UTC), YYYY-MM-DD: when `used` starts again from 0. */
  renewsOn: z.string(),
});
export type SelfServiceQuota = z.infer<typeof selfServiceQuotaSchema>;

export const selfServiceUseCaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  languages: z.array(languageSchema),
  retention: retentionSchema,
  /** Analyses of this use case this month. */
  analysesThisMonth: z.number().int().nonnegative(),
  /** When its latest analysis was created; null before the first. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SelfServiceUseCase = z.infer<typeof selfServiceUseCaseSchema>;

export const selfServiceOverviewSchema = z.object({
  firstname: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
  /** The user's self-service project; null until their first use case. */
  projectId: z.string().nullable(),
  quota: selfServiceQuotaSchema,
  useCases: z.array(selfServiceUseCaseSchema),
});
export type SelfServiceOverview = z.infer<typeof selfServiceOverviewSchema>;

const useCaseParams = z.object({ envId: z.string().min(1) });

export const selfServiceOverview = defineEndpoint({
  id: 'selfService.overview',
  method: 'GET',
  path: '/v4/console/api/self',
  summary: "A light user's self-service home: welcome, the month's quota across all use cases, the use cases",
  access: forLightUsers(access.signedIn),
  response: selfServiceOverviewSchema,
});

/** A use case of the library: a shipped template or a published kit (see use-cases.ts). */
export const selfServiceSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('template'), template: templateIdSchema }),
  z.object({ kind: z.literal('kit'), kitId: z.string().min(1).max(100) }),
]);

export const createSelfServiceUseCase = defineEndpoint({
  id: 'selfService.create',
  method: 'POST',
  path: '/v4/console/api/self/use-cases',
  summary: "Create a use case from the library in the light user's self-service project (created on first need)",
  access: forLightUsers(access.signedIn),
  body: z.object({ name: environmentNameSchema, source: selfServiceSourceSchema }),
  response: selfServiceUseCaseSchema,
});

/** What a light user may change (spec §2.4 "settings limited to what a light user understands"). */
export const selfServiceSettingsSchema = z.object({
  name: environmentNameSchema,
  languages: z.array(languageSchema).min(1).max(10),
  retention: retentionSchema,
});
export type SelfServiceSettings = z.infer<typeof selfServiceSettingsSchema>;

export const updateSelfServiceUseCase = defineEndpoint({
  id: 'selfService.update',
  method: 'PUT',
  path: '/v4/console/api/self/use-cases/{envId}',
  summary: "Rename a light user's use case, or change its languages or retention",
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  body: selfServiceSettingsSchema,
  response: selfServiceUseCaseSchema,
});

export const deleteSelfServiceUseCase = defineEndpoint({
  id: 'selfService.delete',
  method: 'DELETE',
  path: '/v4/console/api/self/use-cases/{envId}',
  summary: "Delete a light user's use case (the environment and its analyses; the quota is not given back)",
  access: forLightUsers(access.signedIn),
  params: useCaseParams,
  response: z.object({ deleting: z.literal(true) }),
});

export const selfServiceEndpoints: readonly Endpoint[] = [
  selfServiceOverview,
  createSelfServiceUseCase,
  updateSelfServiceUseCase,
  deleteSelfServiceUseCase,
];
