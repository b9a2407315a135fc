/**
 * Reply templates and the reply template module (spec §2.4 Reply generator, §3 Reply
 * template, §5, §8, §9).
 *
 * Where templates live: in the environment's settings (`settings.replyTemplates`), not in the
 * module's `config`: they belong to the environment (the reply generator screens exist without a
 * module, and deactivating a module empties its config, §4), and there versions, the export file, its
 * import and the version comparison carry them with no extra code. The rendering errors met in real
 * analyses are not configuration: they are rows (server/db/schema-replies.ts), latest 50 kept.
 *
 * The module's own `config` holds how it uses them (`replyTemplateConfigSchema`); its result
 * (`replyTemplateResultSchema`) is what the output payload carries as `replyProposal`.
 */
import { z } from 'zod';
import { plainText } from '../define';
import { replyTemplateProblems } from '../../replies/checks';

export { REPLY_TEMPLATE_PROBLEM_CODES, type ReplyTemplateProblemCode } from '../../replies/checks';

/** §9 and the sandbox's limits for reply templates. */
export const REPLY_LIMITS = {
  /** §9: the template error list shows the latest 50 messages. */
  errorsKept: 50,
  templates: 200,
  bodyChars: 50_000,
  /** Includes rendered in one render (stops includes whose name is computed from a variable). */
  includes: 50,
  draftChars: 100_000,
  /**
   * A wall-clock backstop, not the guard: the work budget (src/templates/work-budget.ts) stops a
   * costly template whatever the machine, and the module's thread has its hard deadline. On a busy
   * 2-core machine the scheduler alone took a small template past 200 ms.
   */
  timeMs: 1000,
} as const;

export const replyTemplateNameSchema = plainText().trim().min(1).max(100);

export const replyTemplateSchema = z.object({
  /** Stable id (the editor's address); names can change. */
  id: z.string().min(1).max(64),
  name: replyTemplateNameSchema,
  /** Liquid (liquidjs), rendered in the sandbox; may include other templates by name. */
  body: z.string().max(REPLY_LIMITS.bodyChars).default(''),
  /** Used when the analysis's category has no template of its own (at most one). */
  isDefault: z.boolean().default(false),
  /** The rendered text is a prompt: the configured language model's answer becomes the draft. */
  llmPrompt: z.boolean().default(false),
  /** The category this template answers (at most one template per category), or none. */
  category: plainText().trim().min(1).max(100).nullable().default(null),
});
export type ReplyTemplate = z.infer<typeof replyTemplateSchema>;
export type ReplyTemplateInput = z.input<typeof replyTemplateSchema>;

/** Every template of an environment, with the §5 rules (codes in src/replies/checks.ts). */
export const replyTemplateListSchema = z
  .array(replyTemplateSchema)
  .max(REPLY_LIMITS.templates)
  .superRefine((templates, check) => {
    for (const problem of replyTemplateProblems(templates)) {
      check.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code, ...problem.params } });
    }
  });

/** The reply template module's settings screen. */
export const replyTemplateConfigSchema = z.object({
  /** Without a template for the analysis's category, use the default template (off: no draft). */
  useDefaultTemplate: z.boolean().default(true),
  /** Longest answer asked of the language model for "LLM prompt" templates. */
  llmMaxTokens: z.number().int().min(16).max(8000).default(800),
});
export type ReplyTemplateConfig = z.infer<typeof replyTemplateConfigSchema>;

/** Why this template was chosen. */
export const TEMPLATE_CHOICES = ['category', 'default'] as const;

/** What the module answers (the output's `replyProposal`), for the customer's program. */
export const replyTemplateResultSchema = z.object({
  template: z.object({ id: z.string(), name: z.string(), chosenFor: z.enum(TEMPLATE_CHOICES), category: z.string().nullable() }),
  /** The reply draft: the rendered template, or the language model's answer to it. */
  draft: z.string(),
  /** Present for an "LLM prompt" template: the prompt sent and the model that answered. */
  llm: z.object({ model: z.string(), prompt: z.string() }).optional(),
});
export type ReplyTemplateResult = z.infer<typeof replyTemplateResultSchema>;
