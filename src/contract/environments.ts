/** Environments (spec §3 Environment). The screens' endpoints extend this file. */
import { z } from 'zod';
import { access, forLightUsers, defineEndpoint, plainText } from './define';
import { originalNluExportSchema } from './nlu-transfer';
import { replyTemplateListSchema } from './modules/reply-template';
import { environmentModuleSchema, moduleOrderProblems, moduleTypeSchema, MODULE_ORDER_MESSAGES } from './environment-modules';
import { contentSettingsSchema, extractorSettingsSchema } from './extractor-settings';

// Split out to keep this file to the environment and its endpoints; re-exported for every importer.
export * from './environment-modules';
export * from './extractor-settings';

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
  access: access.environment('envId', 'cockpit', 'operations'),
  params: z.object({ envId: z.string().min(1) }),
  response: environmentSummarySchema,
});

// ---------------------------------------------------------------------------------------------
// Environment configuration (spec §3 Environment, content settings, extractor settings, format
// lists, NLU languages; §4 Modules; §9 retention). Stored as one jsonb `settings` column; every
// field has a default so `{}` (a fresh environment) parses to a complete configuration.
// ---------------------------------------------------------------------------------------------

/** §3 NLU languages, plus `auto` for automatic detection. */
export const NLU_LANGUAGES = [
  'fr', 'gb', 'cn', 'ru', 'de', 'es', 'it', 'pt', 'nl', 'cz', 'hu',
  'ro', 'sk', 'se', 'dk', 'no', 'pl', 'rs', 'tr', 'jp', 'kr',
] as const;
export const languageSchema = z.enum([...NLU_LANGUAGES, 'auto']);
export type EnvironmentLanguage = z.infer<typeof languageSchema>;

/** §9 retention options. */
export const RETENTION_OPTIONS = ['always', 'never', '1d', '1w', '1m', '6m', '1y'] as const;
export const retentionSchema = z.enum(RETENTION_OPTIONS);



export const environmentSettingsSchema = z.object({
  debugMode: z.boolean().default(false),
  languages: z.array(languageSchema).max(NLU_LANGUAGES.length + 1).default(['fr']),
  retention: retentionSchema.default('1m'),
  content: contentSettingsSchema.prefault({}),
  extractor: extractorSettingsSchema.prefault({}),
  modules: z
    .array(environmentModuleSchema)
    .max(50)
    .default([])
    .superRefine((modules, check) => {
      for (const problem of moduleOrderProblems(modules)) {
        check.addIssue({ code: 'custom', message: MODULE_ORDER_MESSAGES[problem], params: { problem } });
      }
    }),
  /** Categories of the use case (templates fill them; the categorization screens edit them). */
  categories: z
    .array(z.object({ name: plainText().trim().min(1).max(100), description: z.string().max(500).default('') }))
    .max(500)
    .default([]),
  /** Reply templates (modules/reply-template.ts): per environment, whatever modules use them. */
  replyTemplates: replyTemplateListSchema.default([]),
});
export type EnvironmentSettings = z.infer<typeof environmentSettingsSchema>;
export type EnvironmentSettingsInput = z.input<typeof environmentSettingsSchema>;

/**
 * Settings and export files carry whole module configurations (NLU dictionaries of 100 000 entries,
 * templates): far more than a form. Also the limit of the original console's NLU export (nlu.import).
 */
export const ENVIRONMENT_FILE_BODY_LIMIT = 20 * 1024 * 1024;

/** Spec §5 environment name message; `{name}` is replaced. */
export const ENVIRONMENT_NAME_TAKEN = 'Name "{name}" already used for an environment in this project';
export const environmentNameSchema = plainText().trim().min(1).max(100);

// ---------------------------------------------------------------------------------------------
// Export file (import-export screen, templates): a versioned JSON document.
// ---------------------------------------------------------------------------------------------

export const EXPORT_FORMAT = 'postroom-environment';
export const EXPORT_VERSION = 1;

export const environmentExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  environment: z.object({
    name: environmentNameSchema,
    visibility: visibilitySchema.default('public'),
    priority: z.boolean().default(false),
    settings: environmentSettingsSchema,
  }),
  /**
   * The NLU configuration, in the original platform's console export format
   * (src/contract/nlu-transfer.ts); absent in files written before it, which leave NLU as it is.
   */
  nlu: originalNluExportSchema.shape.nlu.optional(),
});
export type EnvironmentExport = z.infer<typeof environmentExportSchema>;

/** Use-case templates of the CreateEnv screen (spec §2.4), shipped as export files on the server. */
export const ENVIRONMENT_TEMPLATES = ['insurance:meeting', 'tourism:airline-messages', 'retail:quotes-and-orders'] as const;
export const templateIdSchema = z.enum(ENVIRONMENT_TEMPLATES);
export type EnvironmentTemplateId = z.infer<typeof templateIdSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const projectParams = z.object({ projectId: z.string().min(1) });
const envParams = z.object({ envId: z.string().min(1) });

export const environmentListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  visibility: visibilitySchema,
  priority: z.boolean(),
  /** Module types in pipeline order, for the project page's summary. */
  modules: z.array(moduleTypeSchema),
  lastAnalysisAt: z.string().nullable(),
  createdAt: z.string(),
  /** Deletion was requested: it disappears within a few seconds (§4). */
  deleting: z.boolean(),
});
export type EnvironmentListItem = z.infer<typeof environmentListItemSchema>;

export const listEnvironments = defineEndpoint({
  id: 'environments.list',
  method: 'GET',
  path: '/v4/console/api/project/{projectId}/environments',
  summary: 'Environments of a project the caller may see (hidden ones only for configurators)',
  access: access.project('projectId', 'cockpit', 'operations'),
  params: projectParams,
  response: z.array(environmentListItemSchema),
});

export const environmentSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('scratch') }),
  z.object({ kind: z.literal('template'), template: templateIdSchema }),
  /** A kit of the toolbox (a kit-based template of the use-case library): the environment is synced to it. */
  z.object({ kind: z.literal('kit'), kitId: z.string().min(1).max(100) }),
  /** The parsed export file; checked by the server, which names what is wrong. */
  z.object({ kind: z.literal('import'), file: z.unknown() }),
]);

export const createEnvironment = defineEndpoint({
  id: 'environments.create',
  bodyLimit: ENVIRONMENT_FILE_BODY_LIMIT,
  method: 'POST',
  path: '/v4/console/api/project/{projectId}/environments',
  summary: 'Create an environment from scratch, a template or an export file (name unique in the project)',
  changesAccessFacts: ['environments'],
  access: access.project('projectId', 'configurator'),
  params: projectParams,
  body: z.object({
    name: environmentNameSchema,
    visibility: visibilitySchema.default('public'),
    source: environmentSourceSchema,
  }),
  response: environmentListItemSchema,
});

export const environmentDetailsSchema = environmentSummarySchema.extend({ settings: environmentSettingsSchema });
export type EnvironmentDetails = z.infer<typeof environmentDetailsSchema>;

export const getEnvironmentSettings = defineEndpoint({
  id: 'environments.getSettings',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/settings',
  summary: 'An environment with its whole configuration',
  access: forLightUsers(access.environment('envId', 'qualifier', 'operations')),
  params: envParams,
  response: environmentDetailsSchema,
});

export const updateEnvironmentSettings = defineEndpoint({
  id: 'environments.updateSettings',
  bodyLimit: ENVIRONMENT_FILE_BODY_LIMIT,
  method: 'PUT',
  path: '/v4/console/api/environment/{envId}/settings',
  summary: 'Save name, visibility, priority and configuration (module ordering rules enforced)',
  changesAccessFacts: ['environments'],
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  body: z.object({
    name: environmentNameSchema,
    visibility: visibilitySchema,
    priority: z.boolean(),
    settings: environmentSettingsSchema,
  }),
  response: environmentDetailsSchema,
});

export const deleteEnvironment = defineEndpoint({
  id: 'environments.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}',
  summary: 'Request the deletion of an environment; it disappears after a few seconds',
  access: access.environment('envId', 'configurator'),
  params: envParams,
  response: z.object({ deleting: z.literal(true) }),
});

export const exportEnvironment = defineEndpoint({
  id: 'environments.export',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/export',
  summary: 'The whole configuration of an environment as a versioned export file',
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  response: environmentExportSchema,
});

/**
 * One difference between two configurations (import preview, version comparison), where it is from
 * the top of the configuration: `['content', 'ocrJpg']`, `['extractor', 'subParsers', 'pdf',
 * 'document', 'maxPages']`, `['modules', '<module name>', 'active']`, `['categories', '<name>']`.
 * Modules are matched by id and named by their name; categories by their name.
 */
export const settingsChangeSchema = z.object({
  path: z.array(z.string()),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown(),
  after: z.unknown(),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

export const importEnvironment = defineEndpoint({
  id: 'environments.import',
  bodyLimit: ENVIRONMENT_FILE_BODY_LIMIT,
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/import',
  summary: 'Check an export file against an environment and list the changes; apply them unless dryRun',
  access: access.environment('envId', 'configurator'),
  params: envParams,
  body: z.object({ file: z.unknown(), dryRun: z.boolean().default(true) }),
  response: z.object({ applied: z.boolean(), changes: z.array(settingsChangeSchema) }),
});
