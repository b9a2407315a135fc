/**
 * The categorization engine: the rules of modules/categorization.ts applied to the
 * documents of an analysis. Pure and synchronous; the server's runner, the test endpoint and the
 * browser run it. It never throws on any configuration the contract accepts (property test).
 *
 * Attachments are categorized before the body, so a body rule can use "category already given" on
 * an attachment's category; results are listed in document order.
 */
import type {
  CategorizationResult,
  Category,
  CategoryDecision,
  CategoryTarget,
  DocumentCategorization,
  HeldCriterion,
  Rule,
} from '../contract/modules/categorization';
import { runAdvanced } from './advanced';
import { evaluateCriterion, type CriterionContext, type Unit } from './criteria';
import { targetOf, type CategorizationInput, type EngineBlock, type GivenCategory } from './types';
import type { NluInteractionResult } from '../contract/modules/nlu';

interface CompiledRule {
  category: Category;
  rule: Rule;
}

const compiledCache = new WeakMap<object, Record<CategoryTarget, CompiledRule[]>>();

/** Enabled rules with criteria of enabled, named categories, best first: priority, category order, rule order. */
export function compileRules(config: CategorizationInput['config']): Record<CategoryTarget, CompiledRule[]> {
  const cached = compiledCache.get(config.categories);
  if (cached !== undefined) return cached;
  const ranked: { entry: CompiledRule; category: number; rule: number }[] = [];
  config.categories.forEach((category, categoryIndex) => {
    if (!category.enabled || category.name.trim() === '') return;
    category.rules.forEach((rule, ruleIndex) => {
      if (rule.enabled && rule.criteria.length > 0) ranked.push({ entry: { category, rule }, category: categoryIndex, rule: ruleIndex });
    });
  });
  ranked.sort((a, b) => a.entry.rule.priority - b.entry.rule.priority || a.category - b.category || a.rule - b.rule);
  const compiled: Record<CategoryTarget, CompiledRule[]> = { body: [], attachment: [] };
  for (const { entry } of ranked) compiled[entry.category.target].push(entry);
  compiledCache.set(config.categories, compiled);
  return compiled;
}

/** The criteria that made the rule hold, or null when it does not. */
function ruleHolds(rule: Rule, unit: Unit, context: CriterionContext): HeldCriterion[] | null {
  const held: HeldCriterion[] = [];
  for (const [index, criterion] of rule.criteria.entries()) {
    const outcome = evaluateCriterion(criterion, unit, context);
    if (outcome.held) held.push({ index, criterion, evidence: outcome.evidence, quotes: outcome.quotes ?? [] });
    else if (rule.combinator === 'and') return null;
  }
  return held.length > 0 ? held : null;
}

function selected(inputType: CategorizationInput['inputType'], source: string): boolean {
  if (inputType === 'body') return source !== 'attachment';
  if (inputType === 'attachment') return source === 'attachment';
  return true;
}

function lineBreaks(text: string, before: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < before; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** The units of one document: one, or one per page for attachments with per-page categories. */
function unitsOf(document: CategorizationInput['documents'][number], perPage: boolean): Unit[] {
  // Blocks with their index in the document: a page's unit reads some of them, a quote points at one.
  const indexed = document.blocks.map((block, index) => ({ block, index }));
  const whole = (page: number | null, blocks: readonly { block: EngineBlock; index: number }[]): Unit => {
    // Each interaction's block, and the lines of the blocks of its page before it (a page's text may
    // be split in several blocks, read as lines that follow each other).
    const origins = new Map<NluInteractionResult, { block: EngineBlock; index: number; linesBefore: number }>();
    const linesOfPage = new Map<number | null, number>();
    for (const { block, index } of blocks) {
      const linesBefore = linesOfPage.get(block.page) ?? 0;
      for (const found of block.interactions) origins.set(found, { block, index, linesBefore });
      linesOfPage.set(block.page, linesBefore + lineBreaks(block.text, block.text.length) + 1);
    }
    return {
      document,
      page,
      text: blocks.map(({ block }) => block.text).join('\n'),
      interactions: blocks.flatMap(({ block }) => block.interactions),
      quoteOf: (found, value) => {
        const origin = origins.get(found);
        if (origin === undefined) return { text: value.text.slice(0, 200), page, line: 1 };
        const line = origin.linesBefore + lineBreaks(origin.block.text, value.start) + 1;
        // `at` is the whole value's place, even when `text` is cut for the explanation.
        const at = { document: document.index, block: origin.index, start: value.start, end: value.end };
        return { text: value.text.slice(0, 200), page: origin.block.page ?? page, line, at };
      },
    };
  };
  if (!perPage || document.source !== 'attachment' || document.blocks.every((block) => block.page === null)) {
    return [whole(null, indexed)];
  }
  const pages = [...new Set(document.blocks.map((block) => block.page ?? 1))].sort((a, b) => a - b);
  return pages.map((page) => whole(page, indexed.filter(({ block }) => (block.page ?? 1) === page)));
}

/** Taints limit: the documents the module may categorize (all, some, or none). */
function allowedByTaints(input: CategorizationInput, documentIndex: number): boolean {
  if (input.requiredTaints.length === 0) return true;
  const carried = new Set([...input.taints.analysis, ...(input.taints.documents[documentIndex] ?? [])]);
  return input.requiredTaints.some((taint) => carried.has(taint));
}

export function categorize(input: CategorizationInput): CategorizationResult {
  const now = input.now ?? (() => Date.now());
  const compiled = compileRules(input.config);
  const given: GivenCategory[] = [...input.given];
  const context: CriterionContext = { input, given };
  const analysisTaints = new Set(input.taints.analysis);
  const results: DocumentCategorization[] = [];
  const advancedErrors: CategorizationResult['advancedErrors'] = [];
  let notCategorized = 0;

  const documents = input.documents.filter((doc) => selected(input.inputType, doc.source) && allowedByTaints(input, doc.index));
  // Attachments first: the body's rules may read their categories.
  const ordered = [...documents.filter((doc) => doc.source === 'attachment'), ...documents.filter((doc) => doc.source !== 'attachment')];

  for (const document of ordered) {
    const target = targetOf(document.source);
    for (const unit of unitsOf(document, input.attachmentCategoriesPerPage)) {
      if (input.deadline !== undefined && now() > input.deadline) {
        notCategorized++;
        continue;
      }
      let decisions: CategoryDecision[] = [];
      const fired: Rule[] = [];
      for (const { category, rule } of compiled[target]) {
        if (input.multiCategory && decisions.some((decision) => decision.categoryId === category.id || decision.category === category.name)) continue;
        const held = ruleHolds(rule, unit, context);
        if (held === null) continue;
        decisions.push({
          category: category.name,
          categoryId: category.id,
          target,
          explanation: { kind: 'rule', ruleId: rule.id, ruleName: rule.name, priority: rule.priority, combinator: rule.combinator, held, taint: rule.taint },
        });
        fired.push(rule);
        if (!input.multiCategory) break;
      }

      const advanced = input.config.advanced;
      if (advanced.enabled && advanced.program.trim() !== '') {
        const ran = runAdvanced(advanced.program, { input, unit, target, categories: decisions.map((d) => d.category), given });
        if (ran.error !== null) advancedErrors.push({ ...ran.error, document: document.index });
        else if (ran.names.length > 0) {
          decisions = ran.names.map(({ name, line }) => ({
            category: name,
            categoryId: input.config.categories.find((category) => category.name === name && category.target === target)?.id ?? null,
            target,
            explanation: { kind: 'advanced', line },
          }));
          fired.length = 0;
        }
      }

      const fallback = input.config.defaultCategory?.trim() ?? '';
      if (decisions.length === 0 && fallback !== '') {
        decisions.push({ category: fallback, categoryId: null, target, explanation: { kind: 'default' } });
      }

      const documentTaints: string[] = [];
      for (const rule of fired) {
        if (rule.taint === null) continue;
        if (rule.taint.scope === 'analysis') analysisTaints.add(rule.taint.name);
        else if (!documentTaints.includes(rule.taint.name)) documentTaints.push(rule.taint.name);
      }
      for (const decision of decisions) given.push({ name: decision.category, target, document: document.index, documentName: document.name });
      results.push({ document: document.index, documentName: document.name, source: document.source, page: unit.page, categories: decisions, taints: documentTaints });
    }
  }

  results.sort((a, b) => a.document - b.document || (a.page ?? 0) - (b.page ?? 0));
  return { documents: results, taints: [...analysisTaints], advancedErrors, documentsNotCategorized: notCategorized };
}
