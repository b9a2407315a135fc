/** Organisation, projects and rapid-navigation endpoints (spec §3 Organisation, Project; §5; §6). */
import { z } from 'zod';
import { dayParam } from './date-params';
import { access, defineEndpoint, plainText, PROJECT_PROFILES } from './define';
import { moduleTypeSchema, visibilitySchema } from './environments';

export const providerCapabilitySchema = z.enum(['operations']);

const orgaParams = z.object({ orgaId: z.string().min(1) });
const projectParams = z.object({ projectId: z.string().min(1) });

/** `YYYY-MM-DD`, a real calendar day: an impossible one (2026-02-30) is refused as input, never reaches the database. */
export const isoDateSchema = dayParam();

export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** §9: 1 January unless the organisation says otherwise. */
  contractStartDate: isoDateSchema,
  yearlyQuota: z.number().int().nullable(),
  /** §9: analyses a light user may start per calendar month, across all their use cases. */
  selfServiceMonthlyQuota: z.number().int(),
  createdAt: z.string(),
  /** Whether the caller administers it (what the screens may offer). */
  isAdmin: z.boolean(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const getOrganisation = defineEndpoint({
  id: 'organisations.get',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}',
  summary: 'An organisation and its settings',
  access: access.organisation('orgaId', 'guest', 'operations'),
  params: orgaParams,
  response: organisationSchema,
});

/** What an organisation admin changes in the settings (the settings screen checks it before sending). */
export const organisationSettingsSchema = z.object({
  name: plainText().trim().min(1).max(100),
  contractStartDate: isoDateSchema,
  yearlyQuota: z.number().int().min(0).max(1_000_000_000).nullable(),
  /** Left as it is when absent. */
  selfServiceMonthlyQuota: z.number().int().min(0).max(1_000_000).optional(),
});

export const updateOrganisation = defineEndpoint({
  id: 'organisations.update',
  method: 'PUT',
  path: '/v4/console/api/organisation/{orgaId}',
  summary: 'Change the name, contract start date, yearly quota and self-service monthly quota (organisation admins only)',
  access: access.organisation('orgaId', 'admin'),
  params: orgaParams,
  body: organisationSettingsSchema,
  response: organisationSchema,
});

// ---- projects -----------------------------------------------------------------------------------

/** §5/§9: the message of the 50-character limit. */
export const PROJECT_NAME_MAX_LENGTH = 50;
export const PROJECT_NAME_TOO_LONG = 'New project name cannot exceed 50 characters';
export const projectNameSchema = plainText().trim().min(1).max(PROJECT_NAME_MAX_LENGTH, PROJECT_NAME_TOO_LONG);
export const projectTypeSchema = z.enum(['IC', 'NLU']);

export const projectSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  type: projectTypeSchema,
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Environments the caller may see. */
  environmentsCount: z.number().int(),
  /** The caller's access profile on it; configurators may rename, edit notes and delete. */
  profile: z.enum(PROJECT_PROFILES),
  /** The caller's provider capabilities (SRE: operations); what they open is in each endpoint's `access`. */
  capabilities: z.array(providerCapabilitySchema),
});
export type Project = z.infer<typeof projectSchema>;

export const listProjects = defineEndpoint({
  id: 'projects.list',
  method: 'GET',
  path: '/v4/console/api/organisation/{orgaId}/projects',
  summary: 'The projects of an organisation the caller has access to, with environment counts',
  access: access.organisation('orgaId', 'guest', 'operations'),
  params: orgaParams,
  response: z.array(projectSchema),
});

export const createProject = defineEndpoint({
  id: 'projects.create',
  method: 'POST',
  path: '/v4/console/api/organisation/{orgaId}/projects',
  summary: 'Create a project (organisation admins)',
  access: access.organisation('orgaId', 'admin'),
  params: orgaParams,
  body: z.object({ name: projectNameSchema, type: projectTypeSchema, notes: z.string().max(5000).nullable().default(null) }),
  response: projectSchema,
});

export const getProject = defineEndpoint({
  id: 'projects.get',
  method: 'GET',
  path: '/v4/console/api/project/{projectId}',
  summary: 'One project',
  access: access.project('projectId', 'cockpit', 'operations'),
  params: projectParams,
  response: projectSchema,
});

export const updateProject = defineEndpoint({
  id: 'projects.update',
  method: 'PATCH',
  path: '/v4/console/api/project/{projectId}',
  summary: 'Rename a project or change its notes (configurators)',
  access: access.project('projectId', 'configurator'),
  params: projectParams,
  body: z.object({ name: projectNameSchema.optional(), notes: z.string().max(5000).nullable().optional() }),
  response: projectSchema,
});

export const PROJECT_HAS_PRIORITY_ENVIRONMENTS =
  'A project with priority environments cannot be deleted until they are deactivated';

export const deleteProject = defineEndpoint({
  id: 'projects.delete',
  method: 'DELETE',
  path: '/v4/console/api/project/{projectId}',
  summary: 'Delete a project; refused (409 priorityEnvironments) while it has priority environments',
  access: access.project('projectId', 'configurator'),
  params: projectParams,
});

// ---- rapid navigation ---------------------------------------------------------------------------

export const navigationTargetsSchema = z.object({
  organisations: z.array(z.object({ id: z.string(), name: z.string() })),
  projects: z.array(z.object({ id: z.string(), name: z.string(), organisationId: z.string(), organisationName: z.string() })),
  environments: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      projectId: z.string(),
      projectName: z.string(),
      visibility: visibilitySchema,
      modules: z.array(moduleTypeSchema),
    }),
  ),
});

export const navigationTargets = defineEndpoint({
  id: 'navigation.targets',
  method: 'GET',
  path: '/v4/console/api/navigation',
  summary: 'Every organisation, project and environment the caller may see (rapid navigation)',
  access: access.signedIn,
  response: navigationTargetsSchema,
});
