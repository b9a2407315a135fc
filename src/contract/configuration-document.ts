/**
 * The configuration IDE: the environment's whole configuration as one YAML document
 * (src/configuration-document/), read, checked and saved at once. Saving validates the whole text,
 * then applies its differences in one transaction that also creates a version (versions.ts): nothing
 * is half applied.
 */
import { z } from 'zod';
import { access, defineEndpoint, JSON_BODY_LIMIT } from './define';
import { settingsChangeSchema } from './environments';
import { versionNameSchema, versionSchema } from './versions';
export { CONFIGURATION_DOCUMENT_ERROR_CODES } from './error-code-lists';

const envParams = z.object({ envId: z.string().min(1) });
const BASE = '/v4/console/api/environment/{envId}/configuration/document';

/**
 * Largest document read (2 MiB of text, far above the demo's largest configuration): what a person
 * edits in the IDE. Checked before parsing, by the IDE and by the server (400 `configurationTooLarge`
 * with `limit`); the HTTP body limit of the endpoints follows from it.
 */
export const CONFIGURATION_DOCUMENT_MAX_CHARS = 2 * 1024 * 1024;

/** The text as JSON: line breaks and quotes escape to two bytes, accents are two bytes; plus the version name. */
const DOCUMENT_BODY_LIMIT = CONFIGURATION_DOCUMENT_MAX_CHARS * 2 + JSON_BODY_LIMIT;

export const documentProblemSchema = z.object({
  /** `syntax`: not YAML (§8 "Syntax error in your configuration"); `schema`: not a configuration; `message`: a §8 configuration message. */
  source: z.enum(['syntax', 'schema', 'message', 'check']),
  severity: z.enum(['error', 'warning']),
  /** 1-based line of the document. */
  line: z.number().int().min(1),
  path: z.array(z.string()),
  /** For `message`: the configuration message code (translated like the categorization screens'). */
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])).default({}),
  /** English text, for programs and logs; the console translates `code` (syntax and schema: shows it after the translated title). */
  message: z.string(),
  /** For `check` problems: the graph node of the entity concerned (the graph's `?node=` link). */
  node: z.string().optional(),
});
export type DocumentProblem = z.infer<typeof documentProblemSchema>;

const textBody = z.object({
  // A named problem (register.ts answers its code and limit), not zod's generic "too big".
  text: z.string().refine((text) => text.length <= CONFIGURATION_DOCUMENT_MAX_CHARS, {
    message: `The document is larger than ${CONFIGURATION_DOCUMENT_MAX_CHARS} characters`,
    params: { code: 'configurationTooLarge', limit: CONFIGURATION_DOCUMENT_MAX_CHARS },
  }),
});

export const getConfigurationDocument = defineEndpoint({
  id: 'configurationDocument.get',
  method: 'GET',
  path: BASE,
  summary: 'The whole configuration of the environment as one YAML document',
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  response: z.object({ text: z.string() }),
});

export const checkConfigurationDocument = defineEndpoint({
  id: 'configurationDocument.check',
  method: 'POST',
  path: `${BASE}/check`,
  bodyLimit: DOCUMENT_BODY_LIMIT,
  summary: 'Every problem of a document (with its line) and what saving it would change',
  changesAccessFacts: [],
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  body: textBody,
  response: z.object({
    problems: z.array(documentProblemSchema),
    /** The problems that would refuse a save (errors of the text, or of the modules it adds or changes). */
    blocking: z.array(documentProblemSchema),
    changes: z.array(settingsChangeSchema),
  }),
});

export const saveConfigurationDocument = defineEndpoint({
  id: 'configurationDocument.save',
  method: 'PUT',
  path: BASE,
  bodyLimit: DOCUMENT_BODY_LIMIT,
  summary: 'Apply a document in one transaction that also creates a version of the new configuration',
  changesAccessFacts: ['environments'],
  access: access.environment('envId', 'configurator'),
  params: envParams,
  body: textBody.extend({ versionName: versionNameSchema }),
  response: z.object({ version: versionSchema, changes: z.array(settingsChangeSchema) }),
});
