/**
 * Creating an environment from a source (scratch, a use-case template, a toolbox kit, an export
 * file): the one code `environments.create` and the self-service area (`selfService.create`) use, so
 * a use case a light user creates is configured exactly like one created in the full console.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { ENVIRONMENT_NAME_TAKEN, environmentSettingsSchema, type EnvironmentSettings } from '../../src/contract/environments';
import { componentEntitySchemas, type ComponentContent } from '../../src/contract/toolbox-entities';
import type { ServerContext } from '../context';
import { environments } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http-error';
import type { Language } from '../i18n/error-messages';
import { importOriginalExport } from '../nlu/import';
import { withWorkflowIds } from '../categorization/workflow-ids';
import { closureComponents, visibleKit } from '../toolbox/kits';
import { applyKit, applyTemplateNlu, kitEnvironmentSettings, templateSettings } from '../use-cases/library';
import { withoutInactiveConfig } from './settings';
import { readExportFile } from './transfer';

export type EnvironmentSource =
  | { kind: 'scratch' }
  | { kind: 'template'; template: Parameters<typeof templateSettings>[0] }
  | { kind: 'kit'; kitId: string }
  | { kind: 'import'; file?: unknown };

export interface NewEnvironment {
  /** The project's organisation: a kit must be visible to it. */
  organisationId: string;
  projectId: string;
  name: string;
  visibility: 'public' | 'private';
  source: EnvironmentSource;
  /** The creator's language: a template's or kit's module names, categories and labels are written in it. */
  language: Language;
}

export type EnvironmentRow = typeof environments.$inferSelect;

export function nameTaken(name: string): HttpError {
  return new HttpError(409, { message: ENVIRONMENT_NAME_TAKEN.replace('{name}', name), code: 'environmentNameTaken', name });
}

export async function assertNameFree(ctx: ServerContext, projectId: string, name: string, exceptId?: string) {
  const [clash] = await ctx.db
    .select({ id: environments.id })
    .from(environments)
    .where(
      and(
        eq(environments.projectId, projectId),
        eq(environments.name, name),
        exceptId === undefined ? undefined : ne(environments.id, exceptId),
      ),
    );
  if (clash !== undefined) throw nameTaken(name);
}

/** Stores the environment with the configuration (and NLU entities, kit link) its source brings. */
export async function createEnvironmentFrom(ctx: ServerContext, input: NewEnvironment): Promise<EnvironmentRow> {
  const { source } = input;
  let settings: EnvironmentSettings = environmentSettingsSchema.parse({});
  let priority = false;
  let file: ReturnType<typeof readExportFile> | undefined;
  const kit = source.kind === 'kit' ? await visibleKit(ctx.db, input.organisationId, source.kitId) : undefined;
  if (source.kind === 'template') {
    settings = templateSettings(source.template, input.language);
  } else if (kit !== undefined) {
    settings = kitEnvironmentSettings(
      (await closureComponents(ctx.db, kit.id)).map((row) => ({ type: row.type, entity: componentEntitySchemas[row.type].parse(row.entity) }) as ComponentContent),
      input.language,
    );
  } else if (source.kind === 'import') {
    file = readExportFile(source.file);
    settings = file.environment.settings;
    priority = file.environment.priority;
  }
  await assertNameFree(ctx, input.projectId, input.name);
  const id = randomUUID();
  try {
    const [row] = await ctx.db
      .insert(environments)
      .values({ id, projectId: input.projectId, name: input.name, visibility: input.visibility, priority, settings: withWorkflowIds(withoutInactiveConfig(settings)) })
      .returning();
    // The NLU configuration of an imported file comes with it (its item errors are not fatal).
    if (source.kind === 'import' && file?.nlu !== undefined) await importOriginalExport(ctx.db, id, { nlu: file.nlu }, 'replace');
    // Use-case templates and kits come with their NLU entities and a server.
    if (source.kind === 'template') await applyTemplateNlu(ctx.db, id, source.template, input.language);
    if (kit !== undefined) await applyKit(ctx.db, id, kit);
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}
