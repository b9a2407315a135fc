/**
 * The advanced creation wizard's write (src/contract/creation-wizard.ts): archetype,
 * interaction, functions and the category with its rule, in one transaction that also bumps the NLU
 * revision (compiled engines are rebuilt) and goes through the same modules guard as a categorization
 * save. Any refusal rolls everything back.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { WizardBody, WizardNameKind, WizardResult } from '../../src/contract/creation-wizard';
import { wizardBodySchema } from '../../src/contract/creation-wizard';
import { categorizationConfigSchema, type Category } from '../../src/contract/modules/categorization';
import type { Database } from '../db/open';
import { environments, projects } from '../db/schema';
import { nluArchetypes, nluContexts, nluFunctions, nluInteractions } from '../db/schema-nlu';
import { environmentSettingsOf } from '../categorization/facts';
import { guardModulesWrite } from '../categorization/settings-guard';
import { withoutInactiveConfig } from '../environments/settings';
import { HttpError } from '../http-error';
import { isUniqueViolation } from '../db/unique-violation';
import { bumpRevision } from '../nlu/revision';

type Input = ReturnType<typeof wizardBodySchema.parse>;

function nameTaken(kind: WizardNameKind, name: string): HttpError {
  return new HttpError(409, { message: `A ${kind} named "${name}" already exists`, code: 'wizardNameTaken', params: { kind, name } });
}

/** Same text, ignoring case and surrounding spaces: what the screens call "the same name". */
const same = (a: string, b: string) => a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

export async function runWizard(db: Database, environmentId: string, projectId: string, raw: WizardBody): Promise<WizardResult> {
  const body: Input = wizardBodySchema.parse(raw);
  try {
    return await db.transaction(async (tx) => {
      const contexts = await tx.select().from(nluContexts).where(eq(nluContexts.environmentId, environmentId));
      if (contexts.length === 0) throw new HttpError(409, { message: 'Advanced creation needs at least one context', code: 'wizardNeedsContext' });
      const context = contexts.find((candidate) => candidate.id === body.contextId);
      if (context === undefined) throw new HttpError(404, { message: 'Context not found', code: 'wizardContextNotFound' });

      // §5 duplicates, checked by name before anything is written (the unique indexes are the backstop).
      const taken = async (kind: WizardNameKind, names: { name: string }[], name: string) => {
        if (names.some((row) => same(row.name, name))) throw nameTaken(kind, name);
      };
      await taken('archetype', await tx.select({ name: nluArchetypes.name }).from(nluArchetypes).where(eq(nluArchetypes.environmentId, environmentId)), body.archetype.name);
      await taken('interaction', await tx.select({ name: nluInteractions.name }).from(nluInteractions).where(eq(nluInteractions.contextId, context.id)), body.interaction.name);
      const functionRows = await tx.select({ name: nluFunctions.name }).from(nluFunctions).where(eq(nluFunctions.environmentId, environmentId));
      body.functions.forEach((fn, index) => {
        if (functionRows.some((row) => same(row.name, fn.name)) || body.functions.slice(0, index).some((other) => same(other.name, fn.name))) throw nameTaken('function', fn.name);
      });

      const before = await environmentSettingsOf(tx, environmentId);
      const module = before.modules.find((candidate) => candidate.id === body.category.moduleId && candidate.type === 'categorization');
      if (module === undefined) throw new HttpError(404, { message: 'Categorization module not found', code: 'wizardModuleNotFound', params: { moduleId: body.category.moduleId } });
      const [project] = await tx.select({ type: projects.type }).from(projects).where(eq(projects.id, projectId));
      if (project?.type === 'IC') {
        throw new HttpError(409, { message: 'Categorization cannot be configured on a legacy IC project', code: 'categorizationLegacyProject' });
      }
      const config = categorizationConfigSchema.safeParse(module.config).data ?? categorizationConfigSchema.parse({});
      if (config.categories.some((category) => same(category.name, body.category.name))) throw nameTaken('category', body.category.name);

      const archetypeId = randomUUID();
      await tx.insert(nluArchetypes).values({ id: archetypeId, environmentId, name: body.archetype.name, dictionaries: { [body.archetype.language]: body.archetype.dictionary }, notes: '' });
      const functionIds: string[] = [];
      for (const fn of body.functions) {
        const id = randomUUID();
        await tx.insert(nluFunctions).values({ id, environmentId, ...fn });
        functionIds.push(id);
      }
      const interactionId = randomUUID();
      await tx.insert(nluInteractions).values({
        id: interactionId,
        environmentId,
        contextId: context.id,
        name: body.interaction.name,
        comment: body.interaction.comment,
        distance: 10,
        parameters: [{ name: body.interaction.parameter, position: 0, archetype: body.archetype.name, optional: false, multiple: false, resetConversation: false }],
        functions: body.functions.map((fn) => fn.name),
      });
      await bumpRevision(tx, environmentId);

      const ruleId = randomUUID();
      const category: Category = {
        id: randomUUID(),
        name: body.category.name,
        description: '',
        target: body.category.target,
        enabled: true,
        rules: [
          {
            id: ruleId,
            name: body.category.ruleName ?? body.interaction.name,
            priority: 100,
            enabled: true,
            combinator: 'and',
            criteria: [{ type: 'interaction', interaction: body.interaction.name, context: context.name, complete: true, parameters: [] }],
            taint: null,
          },
        ],
      };
      const nextConfig = { ...config, categories: [...config.categories, category] };
      const after = withoutInactiveConfig({ ...before, modules: before.modules.map((candidate) => (candidate.id === module.id ? { ...candidate, config: nextConfig } : candidate)) });
      // Read inside the transaction: the checks see the interaction just written (no "unknown interaction").
      const { settings } = await guardModulesWrite(tx, environmentId, before, after);
      await tx.update(environments).set({ settings }).where(and(eq(environments.id, environmentId)));
      return { archetypeId, interactionId, functionIds, moduleId: module.id, categoryId: category.id, ruleId };
    });
  } catch (error) {
    // Two wizards racing for one name: the unique index answers, with the same code.
    if (isUniqueViolation(error)) throw new HttpError(409, { message: 'A name is already used', code: 'wizardNameTaken', params: { kind: 'interaction', name: body.interaction.name } });
    throw error;
  }
}
