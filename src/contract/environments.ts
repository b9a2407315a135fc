/** Environments (spec §3 Environment). The screens' endpoints extend this file (issue 5). */
import { z } from 'zod';
import { access, defineEndpoint, plainText } from './define';
import { originalNluExportSchema } from './nlu-transfer';
import { replyTemplateListSchema } from './modules/reply-template';

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

/** §3 format lists: the extensions the extractor knows, by family. */
export const FORMAT_LISTS = {
  email: ['msg', 'eml'],
  document: ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'pptm', 'odp', 'odt'],
  image: ['jpg', 'jpeg', 'gif', 'png', 'tif', 'tiff'],
  spreadsheet: ['xls', 'xlsx', 'xlsm', 'ods'],
  text: ['html'],
  audio: ['mp3'],
} as const;
export const KNOWN_EXTENSIONS: readonly string[] = Object.values(FORMAT_LISTS).flat();

/** §9: default split per characters and extractor response block (one page). */
export const DEFAULT_SPLIT_CHARACTERS = 4000;

export const contentSettingsSchema = z.object({
  multiInteraction: z.boolean().default(false),
  multiCategory: z.boolean().default(false),
  attachmentCategoriesPerPage: z.boolean().default(false),
  ocrJpg: z.boolean().default(false),
  ocrPng: z.boolean().default(false),
  maxPagesToOcr: z.number().int().min(0).max(10_000).default(10),
  splitPerCharacters: z.number().int().min(1).max(1_000_000).default(DEFAULT_SPLIT_CHARACTERS),
});
export type ContentSettings = z.infer<typeof contentSettingsSchema>;

export const ocrModeSchema = z.enum(['ON', 'OFF', 'AUTO']);

/** One extractor parser's settings (§3 Extractor settings); sub-parsers override them per extension. */
export const parserSettingsSchema = z.object({
  email: z
    .object({
      extractAttachments: z.boolean().default(true),
      extractHtml: z.boolean().default(true),
      conversationThread: z.boolean().default(false),
      ignoredAttachmentExtensions: z.array(z.string().min(1).max(16)).max(50).default([]),
      headers: z.boolean().default(true),
    })
    .default({ extractAttachments: true, extractHtml: true, conversationThread: false, ignoredAttachmentExtensions: [], headers: true }),
  textHtml: z.object({ extractImages: z.boolean().default(false) }).default({ extractImages: false }),
  audio: z.object({ transcript: z.boolean().default(false) }).default({ transcript: false }),
  document: z
    .object({
      maxPages: z.number().int().min(1).max(10_000).default(50),
      ocrMode: ocrModeSchema.default('AUTO'),
      ocrName: z.string().max(100).default('default'),
      maxPagesToOcr: z.number().int().min(0).max(10_000).default(10),
    })
    .default({ maxPages: 50, ocrMode: 'AUTO', ocrName: 'default', maxPagesToOcr: 10 }),
  image: z
    .object({
      minWidth: z.number().int().min(0).max(100_000).default(50),
      minHeight: z.number().int().min(0).max(100_000).default(50),
      ocr: z.boolean().default(true),
    })
    .default({ minWidth: 50, minHeight: 50, ocr: true }),
  spreadsheet: z
    .object({
      readVertically: z.boolean().default(false),
      unmergeCells: z.boolean().default(true),
      parseHiddenSheets: z.boolean().default(false),
    })
    .default({ readVertically: false, unmergeCells: true, parseHiddenSheets: false }),
  global: z
    .object({
      useCache: z.boolean().default(true),
      splitPerCharacters: z.number().int().min(1).max(1_000_000).default(DEFAULT_SPLIT_CHARACTERS),
      splitPerPage: z.boolean().default(false),
      characterRedundancy: z.number().int().min(0).max(10_000).default(0),
    })
    .default({ useCache: true, splitPerCharacters: DEFAULT_SPLIT_CHARACTERS, splitPerPage: false, characterRedundancy: 0 }),
});
export type ParserSettings = z.infer<typeof parserSettingsSchema>;

export const extractorSettingsSchema = z.object({
  active: z.boolean().default(true),
  parser: parserSettingsSchema.default(parserSettingsSchema.parse({})),
  /** Per-extension overrides of the parser settings (a whole parser block per extension). */
  subParsers: z
    .record(
      z.string().refine((ext) => KNOWN_EXTENSIONS.includes(ext), { message: 'Unknown extension' }),
      parserSettingsSchema,
    )
    .default({}),
});
export type ExtractorSettings = z.infer<typeof extractorSettingsSchema>;

/** §1 pipeline modules. */
export const MODULE_TYPES = [
  'extractor',
  'nlu',
  'categorization',
  'extraction',
  'visionEngine',
  'consolidation',
  'replyTemplate',
  'output',
  'ocrDataExtraction',
] as const;
export const moduleTypeSchema = z.enum(MODULE_TYPES);
export type ModuleType = z.infer<typeof moduleTypeSchema>;

/**
 * §3 module input types: which documents a module works on. Null: every document for the NLU and
 * categorization modules (same as `both`), and "once per analysis" for extraction.
 */
export const MODULE_INPUT_TYPES = ['body', 'attachment', 'both'] as const;
export const moduleInputTypeSchema = z.enum(MODULE_INPUT_TYPES);
export type ModuleInputType = z.infer<typeof moduleInputTypeSchema>;

/** A taint name a module may wait for (same rule as `taintNameSchema` in modules/categorization.ts). */
const requiredTaintSchema = z.string().trim().min(1).max(50).regex(/^[\p{L}\p{N}_.:-]+$/u);

/** An attached module (§3 "inputType, name, context, moduleOrder"); moduleOrder is its list position. */
export const environmentModuleSchema = z.object({
  id: z.string().min(1).max(64),
  type: moduleTypeSchema,
  name: plainText().trim().min(1).max(100),
  inputType: moduleInputTypeSchema.nullable().default(null),
  context: z.string().max(100).nullable().default(null),
  active: z.boolean().default(true),
  /**
   * Taints (feature flag `taints`): when not empty the module runs only on analyses carrying at least
   * one of them (a per-document module — categorization — only on the documents carrying one, or on
   * every document when the taint is on the analysis); otherwise it is skipped, the trace says why.
   * §8 `missingTaints` when no earlier module can produce one of them.
   */
  requiredTaints: z.array(requiredTaintSchema).max(20).default([]),
  /** The module's own configuration (later issues' screens); emptied when it is deactivated (§4). */
  config: z.record(z.string(), z.unknown()).default({}),
});
export type EnvironmentModule = z.infer<typeof environmentModuleSchema>;

/**
 * §3 Output module options: what the output module puts in the payload it hands to webhooks. Read
 * from the output module's `config` (defaults fill what is missing).
 */
export const outputOptionsSchema = z.object({
  htmlBodies: z.boolean().default(false),
  /** Attachment file names with their content in base64. */
  attachmentData: z.boolean().default(false),
  emailHeader: z.boolean().default(true),
  categoriesEnabled: z.boolean().default(true),
  /** Categories left out of the payload (§5: may differ from the domain rules, which warns). */
  categoriesToSkip: z.array(plainText().trim().min(1).max(100)).max(500).default([]),
  extractedData: z.boolean().default(true),
  metadata: z.boolean().default(true),
  nluOutput: z.boolean().default(true),
  replyProposal: z.boolean().default(true),
  visionEngineOutput: z.boolean().default(true),
});
export type OutputOptions = z.infer<typeof outputOptionsSchema>;

export type ModuleOrderProblem = 'extractorNotFirst' | 'nluNotSecond' | 'outputNotLast' | 'duplicate';

/**
 * §4 ordering rules: the extractor may only be first, NLU only second, output only last (and each at
 * most once). Shared by the server (refuses) and the settings screen (explains before saving).
 */
export function moduleOrderProblems(modules: readonly { type: ModuleType }[]): ModuleOrderProblem[] {
  const problems = new Set<ModuleOrderProblem>();
  const seen = new Set<ModuleType>();
  modules.forEach((module, index) => {
    if (['extractor', 'nlu', 'output'].includes(module.type)) {
      if (seen.has(module.type)) problems.add('duplicate');
      seen.add(module.type);
    }
    if (module.type === 'extractor' && index !== 0) problems.add('extractorNotFirst');
    if (module.type === 'nlu' && index !== 1) problems.add('nluNotSecond');
    if (module.type === 'output' && index !== modules.length - 1) problems.add('outputNotLast');
  });
  return [...problems];
}

export const MODULE_ORDER_MESSAGES: Record<ModuleOrderProblem, string> = {
  extractorNotFirst: 'The extractor can only be in first position',
  nluNotSecond: 'The NLU module can only be in second position',
  outputNotLast: 'The output module can only be in last position',
  duplicate: 'The extractor, NLU and output modules can each be added only once',
};

export const environmentSettingsSchema = z.object({
  debugMode: z.boolean().default(false),
  languages: z.array(languageSchema).max(NLU_LANGUAGES.length + 1).default(['fr']),
  retention: retentionSchema.default('1m'),
  content: contentSettingsSchema.default(contentSettingsSchema.parse({})),
  extractor: extractorSettingsSchema.default(extractorSettingsSchema.parse({})),
  modules: z
    .array(environmentModuleSchema)
    .max(50)
    .default([])
    .superRefine((modules, check) => {
      for (const problem of moduleOrderProblems(modules)) {
        check.addIssue({ code: 'custom', message: MODULE_ORDER_MESSAGES[problem], params: { problem } });
      }
    }),
  /** Categories of the use case (templates fill them; the categorization screens of a later issue edit them). */
  categories: z
    .array(z.object({ name: plainText().trim().min(1).max(100), description: z.string().max(500).default('') }))
    .max(500)
    .default([]),
  /** Reply templates (issue 14, modules/reply-template.ts): per environment, whatever modules use them. */
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
   * The NLU configuration (issue 12), in the original platform's console export format
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
  access: access.environment('envId', 'cockpit', 'operations'),
  params: envParams,
  response: environmentDetailsSchema,
});

export const updateEnvironmentSettings = defineEndpoint({
  id: 'environments.updateSettings',
  bodyLimit: ENVIRONMENT_FILE_BODY_LIMIT,
  method: 'PUT',
  path: '/v4/console/api/environment/{envId}/settings',
  summary: 'Save name, visibility, priority and configuration (module ordering rules enforced)',
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
