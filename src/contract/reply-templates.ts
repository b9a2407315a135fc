/**
 * Reply generator endpoints (spec §2.4 Reply generator): the environment's templates (read,
 * replace as a whole), their error list (§9 latest 50) and the Tests tab's render.
 *
 * Access (spec §6), as categorization's: reading, the errors and the test are qualifier screens
 * (provider SRE reads and tests what it operates); saving is configurator (and SRE).
 *
 * A save is refused with 422 and a stable code (the console translates it):
 * - templateNameTaken `{ name }`, templateDefaultTwice `{ names }`, templateCategoryTaken
 *   `{ category, names }`, templateIncludeCycle `{ cycle }` (§5: `['a', 'b', 'a']`);
 * - templateSyntaxError `{ template, line, message }` (§8 "Syntax error in your configuration").
 * The first four are rules of the settings schema too: a settings save, an import or a restored
 * version holding them is refused (400, the params carry the code).
 * The test answers 404 analysisNotFound, 409 analysisAnonymized for an analysis it cannot read.
 */
import { z } from 'zod';
import { access, defineEndpoint, type Endpoint } from './define';
import { REPLY_LIMITS, replyTemplateListSchema, replyTemplateResultSchema } from './modules/reply-template';
import { localizedTextSchema, nestedTextSchema } from './pipeline-messages';
import { REPLY_TEMPLATE_ERROR_CODES } from './error-code-lists';
export { REPLY_TEMPLATE_ERROR_CODES } from './error-code-lists';

export * from './modules/reply-template';

export type ReplyTemplateErrorCode = (typeof REPLY_TEMPLATE_ERROR_CODES)[number];

const BASE = '/v4/console/api/environment/{envId}/reply-templates';
const envParams = z.object({ envId: z.string().min(1) });

export const replyTemplatesViewSchema = z.object({
  templates: replyTemplateListSchema,
  /** Categories the environment's categorization modules can give, for the template's category picker. */
  categories: z.array(z.string()),
});
export type ReplyTemplatesView = z.infer<typeof replyTemplatesViewSchema>;

export const getReplyTemplates = defineEndpoint({
  id: 'replyTemplates.get',
  method: 'GET',
  path: BASE,
  summary: "The environment's reply templates, and the categories a template can answer",
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  response: replyTemplatesViewSchema,
});

export const saveReplyTemplates = defineEndpoint({
  id: 'replyTemplates.save',
  method: 'PUT',
  path: BASE,
  summary: 'Replace the reply templates (422 on a duplicate name, two defaults, an include cycle, a syntax error)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  body: z.object({ templates: z.array(z.unknown()).max(REPLY_LIMITS.templates) }),
  response: replyTemplatesViewSchema,
});

export const replyTemplateErrorSchema = z.object({
  id: z.string(),
  analysisId: z.string(),
  analysisName: z.string(),
  template: z.string(),
  inTemplate: z.string(),
  line: z.number().int().nullable(),
  code: z.string(),
  message: z.string(),
  /** Why, to translate; null on errors recorded before reasons were kept. */
  reason: nestedTextSchema.nullable(),
  createdAt: z.string(),
});
export type ReplyTemplateError = z.infer<typeof replyTemplateErrorSchema>;

export const listReplyTemplateErrors = defineEndpoint({
  id: 'replyTemplates.errors',
  method: 'GET',
  path: `${BASE}/errors`,
  summary: 'The latest 50 rendering errors met in real analyses (§9), newest first',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  response: z.object({ errors: z.array(replyTemplateErrorSchema) }),
});

export const replyTestBodySchema = z
  .object({
    /** The template to render, by name, among `templates` (the editor's unsaved set) or the saved ones. */
    template: z.string().min(1).max(100),
    templates: z.array(z.unknown()).max(REPLY_LIMITS.templates).optional(),
    /** Render on these variables (the Tests tab's sample, edited)... */
    variables: z.record(z.string(), z.unknown()).optional(),
    /** ...or on what an analysis of the environment holds. */
    analysisId: z.string().min(1).max(100).optional(),
  })
  .refine((body) => body.variables !== undefined || body.analysisId !== undefined, { message: 'Give variables or analysisId' });

export const replyTestResultSchema = z.object({
  variables: z.record(z.string(), z.unknown()),
  /** The draft (or, for an LLM prompt template, the model's answer) — null when the render failed. */
  result: replyTemplateResultSchema.nullable(),
  /** The rendered text (the prompt, for an LLM prompt template), even when the model failed. */
  rendered: z.string(),
  error: z
    // `message` is English (programs, logs); `reason` the translated sentence (src/contract/failure-reasons.ts).
    .object({ code: z.string(), template: z.string(), line: z.number().int().nullable(), message: z.string(), reason: localizedTextSchema.optional() })
    .nullable(),
});
export type ReplyTestResult = z.infer<typeof replyTestResultSchema>;

export const testReplyTemplate = defineEndpoint({
  id: 'replyTemplates.test',
  method: 'POST',
  path: `${BASE}/test`,
  summary: 'Render a template (saved or unsaved) on sample variables or an analysis, without storing anything',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: envParams,
  body: replyTestBodySchema,
  response: replyTestResultSchema,
});

export const replyTemplateEndpoints: readonly Endpoint[] = [getReplyTemplates, saveReplyTemplates, listReplyTemplateErrors, testReplyTemplate];
