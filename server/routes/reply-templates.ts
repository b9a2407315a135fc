/**
 * Reply generator endpoints (src/contract/reply-templates.ts): the templates live in the
 * environment's settings (`settings.replyTemplates`), their rendering errors in
 * `reply_template_errors`. The test renders through the same engine as the pipeline step
 * (src/replies/) and, for an LLM prompt template, asks the same language model.
 */
import { eq } from 'drizzle-orm';
import type { ReplyTemplateErrorCode } from '../../src/contract/reply-templates';
import type { FastifyInstance } from 'fastify';
import {
  getReplyTemplates,
  listReplyTemplateErrors,
  replyTemplateConfigSchema,
  replyTemplateSchema,
  saveReplyTemplates,
  testReplyTemplate,
  type ReplyTemplate,
} from '../../src/contract/reply-templates';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import type { EnvironmentSettings } from '../../src/contract/environments';
import { replyTemplateProblems } from '../../src/replies/checks';
import { REPLY_SANDBOX_LIMITS } from '../../src/replies/render';
import { buildReplyVariables, type ReplyVariables } from '../../src/replies/variables';
import { checkLiquidSyntax } from '../../src/templates/sandbox';
import { findOpenableAnalysisWithResults } from '../analyses/lookup';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { HttpError } from '../http-error';
import { environmentSettingsOf } from '../categorization/facts';
import { listReplyErrors } from '../replies/errors';
import { draftReply } from '../replies/draft';
import { registerEndpoint } from './register';

/** Every category the environment's categorization modules (and its use-case list) can give. */
function categoriesOf(settings: EnvironmentSettings): string[] {
  const names = new Set<string>(settings.categories.map((category) => category.name));
  for (const module of settings.modules) {
    if (module.type !== 'categorization') continue;
    const parsed = categorizationConfigSchema.safeParse(module.config);
    if (!parsed.success) continue;
    for (const category of parsed.data.categories) if (category.name !== '') names.add(category.name);
    if (parsed.data.defaultCategory) names.add(parsed.data.defaultCategory);
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

function refused(code: ReplyTemplateErrorCode, message: string, params: Record<string, unknown>): HttpError {
  return new HttpError(422, { message, code, params });
}

/** Each template parsed (400 on a field), then the §5 rules and the syntax (422 with their code). */
export function checkedTemplates(input: readonly unknown[]): ReplyTemplate[] {
  const templates = input.map((raw, index) => {
    const parsed = replyTemplateSchema.safeParse(raw);
    if (!parsed.success) {
      throw new HttpError(400, {
        message: 'Invalid request',
        code: 'invalidRequest',
        issues: parsed.error.issues.map((issue) => ({ ...issue, path: ['templates', String(index), ...issue.path.map(String)] })),
      });
    }
    return parsed.data;
  });
  const [problem] = replyTemplateProblems(templates);
  if (problem !== undefined) throw refused(problem.code, problem.message, problem.params);
  for (const template of templates) {
    const error = checkLiquidSyntax(template.body, REPLY_SANDBOX_LIMITS);
    if (error !== null) {
      throw refused('templateSyntaxError', `Syntax error in your configuration: template "${template.name}", line ${error.line ?? '?'}: ${error.message}`, {
        template: template.name,
        line: error.line,
        message: error.message,
      });
    }
  }
  return templates;
}

export function registerReplyTemplateRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, getReplyTemplates, async ({ params }) => {
    const settings = await environmentSettingsOf(ctx.db, params.envId);
    return { templates: settings.replyTemplates, categories: categoriesOf(settings) };
  });

  registerEndpoint(app, ctx, saveReplyTemplates, async ({ params, body }) => {
    const templates = checkedTemplates(body.templates);
    const before = await environmentSettingsOf(ctx.db, params.envId);
    const settings = { ...before, replyTemplates: templates };
    await ctx.db.update(environments).set({ settings }).where(eq(environments.id, params.envId));
    return { templates, categories: categoriesOf(settings) };
  });

  registerEndpoint(app, ctx, listReplyTemplateErrors, async ({ params }) => ({ errors: await listReplyErrors(ctx.db, params.envId) }));

  registerEndpoint(app, ctx, testReplyTemplate, async ({ params, body }) => {
    const settings = await environmentSettingsOf(ctx.db, params.envId);
    const templates =
      body.templates === undefined
        ? settings.replyTemplates
        : body.templates.flatMap((raw) => {
            const parsed = replyTemplateSchema.safeParse(raw);
            return parsed.success ? [parsed.data] : [];
          });
    const template = templates.find((candidate) => candidate.name === body.template);
    if (template === undefined) throw new HttpError(404, { message: `No template named "${body.template}"`, code: 'notFound' });
    let variables: ReplyVariables;
    if (body.analysisId !== undefined) {
      const row = await findOpenableAnalysisWithResults(ctx.db, params.envId, body.analysisId);
      variables = buildReplyVariables({ name: row.name, metadata: row.metadata, modules: row.modules });
    } else {
      variables = (body.variables ?? {}) as ReplyVariables;
    }
    const module = settings.modules.find((candidate) => candidate.type === 'replyTemplate' && candidate.active);
    const config = replyTemplateConfigSchema.safeParse(module?.config ?? {}).data ?? replyTemplateConfigSchema.parse({});
    const drafted = await draftReply({ template, templates, variables, config, chosenFor: template.category !== null ? 'category' : 'default', category: template.category });
    return { variables, result: drafted.result, rendered: drafted.rendered, error: drafted.error };
  });
}
