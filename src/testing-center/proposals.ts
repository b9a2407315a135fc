/**
 * Changes worth trying, read from a test run's errors (what-if.ts evaluates them):
 * - for a category with false negatives, words frequent in those messages and rare in the messages
 *   not expected in it, proposed as additions to the dictionary of the archetype its rules' interaction
 *   most often missed in them;
 * - for the same category, each way to loosen one criterion of its rules (drop it, accept an
 *   incomplete interaction, stop checking a parameter): the caller keeps those that would have
 *   categorized some of the missed messages;
 * - for an extracted field whose expected value was missed, each way to loosen how it reads its
 *   source (accept an incomplete interaction, read the words as written or the entry's value, ignore
 *   case): the caller keeps those that would have found some of the missed values.
 * Each proposal names the messages behind it. Pure.
 */
import type { EnvironmentModule } from '../contract/environments';
import { categorizationConfigSchema, type Criterion } from '../contract/modules/categorization';
import type { NluModuleResult } from '../contract/nlu-module';
import { NO_CATEGORY, SPECIAL_VALUES, type ValueOutcome } from '../contract/testing-evaluation';
import type { NluLanguage, NluSource } from '../nlu/types';
import { extractionConfigSchema } from '../contract/modules/extraction';
import { relaxedSource, type FieldRelaxation, type Relaxation, type WhatIfChange } from './what-if-change';

export interface ProposalMessage {
  messageId: string;
  /** The text of the documents the category is given to (the mail's body and main document). */
  text: string;
  /** The run's outcomes of the category kind. */
  rows: readonly ValueOutcome[];
  /** The NLU modules' results as replayed (the interactions found and what they missed). */
  nlu: readonly NluModuleResult[];
}

export interface DictionaryProposal {
  type: 'dictionary';
  category: string;
  interaction: string;
  parameter: string;
  change: Extract<WhatIfChange, { type: 'dictionary' }>;
  /** The missed messages holding at least one of the words. */
  messages: string[];
}

export interface RuleProposal {
  type: 'rule';
  category: string;
  moduleName: string;
  ruleName: string;
  criterion: Criterion;
  /** The parameter a `dropParameter` relaxation stops checking. */
  parameterName: string | null;
  change: Extract<WhatIfChange, { type: 'rule' }>;
  /** The missed messages the relaxed rule categorizes (filled by the caller's replay). */
  messages: string[];
}

export interface FieldProposal {
  type: 'field';
  field: string;
  moduleName: string;
  change: Extract<WhatIfChange, { type: 'field' }>;
  /** The messages whose missed value the loosened field finds (filled by the caller's replay). */
  messages: string[];
}

export type Proposal = DictionaryProposal | RuleProposal | FieldProposal;

/** Words of four letters or more; an apostrophe separates (« d'arrêter » is « arrêter »). */
const WORD = /\p{L}[\p{L}\p{M}-]{3,}/gu;
const MAX_WORDS = 6;

/** The distinct words of a text, lower-cased. */
export function wordsOf(text: string): Set<string> {
  return new Set((text.match(WORD) ?? []).map((word) => word.toLowerCase()));
}

/** Categories with false negatives in the run, the most missed first. */
export function missedCategories(messages: readonly ProposalMessage[]): { category: string; missed: string[] }[] {
  const missed = new Map<string, string[]>();
  for (const message of messages) {
    for (const row of message.rows) {
      if (row.outcome !== 'FN' || row.value === NO_CATEGORY || row.rule === 'noQualified') continue;
      missed.set(row.value, [...(missed.get(row.value) ?? []), message.messageId]);
    }
  }
  return [...missed].map(([category, ids]) => ({ category, missed: ids })).sort((a, b) => b.missed.length - a.missed.length || a.category.localeCompare(b.category));
}

/** Words in at least `minShare` of the missed messages and at most `maxOtherShare` of the messages not expected in the category. */
export function distinctiveWords(missed: readonly ProposalMessage[], others: readonly ProposalMessage[], minShare = 0.3, maxOtherShare = 0.05): string[] {
  const inMissed = new Map<string, number>();
  for (const message of missed) for (const word of wordsOf(message.text)) inMissed.set(word, (inMissed.get(word) ?? 0) + 1);
  const inOthers = new Map<string, number>();
  for (const message of others) for (const word of wordsOf(message.text)) if (inMissed.has(word)) inOthers.set(word, (inOthers.get(word) ?? 0) + 1);
  const needed = Math.max(missed.length === 1 ? 1 : 2, Math.ceil(minShare * missed.length));
  return [...inMissed]
    .filter(([word, count]) => count >= needed && (inOthers.get(word) ?? 0) <= maxOtherShare * others.length)
    .map(([word, count]) => ({ word, score: count / missed.length - (others.length === 0 ? 0 : (inOthers.get(word) ?? 0) / others.length) }))
    .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
    .slice(0, MAX_WORDS)
    .map((entry) => entry.word);
}

interface CategoryRule {
  module: EnvironmentModule;
  categoryId: string;
  ruleId: string;
  ruleName: string;
  combinator: 'and' | 'or';
  criteria: Criterion[];
}

/** The enabled rules of a category across the categorization modules. */
function rulesOf(modules: readonly EnvironmentModule[], category: string): CategoryRule[] {
  return modules.flatMap((module) => {
    if (module.type !== 'categorization' || !module.active) return [];
    const parsed = categorizationConfigSchema.safeParse(module.config ?? {});
    if (!parsed.success) return [];
    return parsed.data.categories
      .filter((entry) => entry.enabled && entry.name === category)
      .flatMap((entry) => entry.rules.filter((rule) => rule.enabled).map((rule) => ({ module, categoryId: entry.id, ruleId: rule.id, ruleName: rule.name, combinator: rule.combinator, criteria: rule.criteria })));
  });
}

/** The interaction's parameter most often missing (or never found) in the missed messages, with its archetype. */
function missedParameter(interaction: string, context: string | null, source: NluSource, missed: readonly ProposalMessage[]) {
  const definition = source.contexts.filter((entry) => context === null || entry.name === context).flatMap((entry) => entry.interactions.map((found) => ({ found, context: entry }))).find((entry) => entry.found.id === interaction);
  if (definition === undefined) return null;
  const required = definition.found.parameters.filter((parameter) => !parameter.optional);
  if (required.length === 0) return null;
  const counts = new Map<string, number>();
  for (const message of missed) {
    const results = message.nlu.flatMap((result) => result.blocks.flatMap((block) => block.result.interactions.filter((found) => found.id === interaction)));
    // Not found at all: every required parameter is a candidate.
    const missing = results.length === 0 ? required.map((parameter) => parameter.name) : results.flatMap((found) => found.missing);
    for (const name of new Set(missing)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const parameter = [...required].sort((a, b) => (counts.get(b.name) ?? 0) - (counts.get(a.name) ?? 0) || a.position - b.position)[0]!;
  return { parameter, languages: definition.context.languages };
}

/** The language most of the missed messages were read in, else the context's first, else the environment's. */
function languageOf(missed: readonly ProposalMessage[], contextLanguages: readonly NluLanguage[], environment: readonly string[]): NluLanguage {
  const votes = new Map<NluLanguage, number>();
  for (const message of missed) {
    const language = message.nlu.flatMap((result) => result.blocks)[0]?.result.language;
    if (language !== undefined) votes.set(language, (votes.get(language) ?? 0) + 1);
  }
  const voted = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0];
  return voted ?? contextLanguages[0] ?? (environment.find((language) => language !== 'auto') as NluLanguage | undefined) ?? 'fr';
}

export function dictionaryProposals(input: {
  messages: readonly ProposalMessage[];
  modules: readonly EnvironmentModule[];
  source: NluSource;
  languages: readonly string[];
}): DictionaryProposal[] {
  const proposals: DictionaryProposal[] = [];
  const byId = new Map(input.messages.map((message) => [message.messageId, message]));
  for (const { category, missed: ids } of missedCategories(input.messages)) {
    const missed = ids.map((id) => byId.get(id)!);
    const others = input.messages.filter((message) => !message.rows.some((row) => row.value === category && (row.outcome === 'TP' || row.outcome === 'FN')));
    const words = distinctiveWords(missed, others);
    if (words.length === 0) continue;
    const criterion = rulesOf(input.modules, category)
      .flatMap((rule) => rule.criteria)
      .find((entry): entry is Extract<Criterion, { type: 'interaction' }> => entry.type === 'interaction');
    if (criterion === undefined) continue;
    const target = missedParameter(criterion.interaction, criterion.context, input.source, missed);
    if (target === null) continue;
    const language = languageOf(missed, target.languages, input.languages);
    const behind = missed.filter((message) => words.some((word) => wordsOf(message.text).has(word))).map((message) => message.messageId);
    proposals.push({
      type: 'dictionary',
      category,
      interaction: criterion.interaction,
      parameter: target.parameter.name,
      change: { type: 'dictionary', archetype: target.parameter.archetype, language, words },
      messages: behind,
    });
  }
  return proposals;
}

/** Every way to loosen one criterion of the category's rules (to be tried on its missed messages). */
export function ruleRelaxations(modules: readonly EnvironmentModule[], category: string): RuleProposal[] {
  return rulesOf(modules, category).flatMap((rule) =>
    rule.criteria.flatMap((criterion, index) => {
      const relaxations: { relaxation: Relaxation; parameterName: string | null }[] = [];
      if (rule.combinator === 'and' && rule.criteria.length > 1) relaxations.push({ relaxation: { kind: 'dropCriterion', criterion: index }, parameterName: null });
      if (criterion.type === 'interaction') {
        if (criterion.complete) relaxations.push({ relaxation: { kind: 'allowIncomplete', criterion: index }, parameterName: null });
        criterion.parameters.forEach((parameter, at) => relaxations.push({ relaxation: { kind: 'dropParameter', criterion: index, parameter: at }, parameterName: parameter.parameter }));
      }
      return relaxations.map(({ relaxation, parameterName }) => ({
        type: 'rule' as const,
        category,
        moduleName: rule.module.name,
        ruleName: rule.ruleName,
        criterion,
        parameterName,
        change: { type: 'rule' as const, moduleId: rule.module.id, categoryId: rule.categoryId, ruleId: rule.ruleId, relaxation },
        messages: [],
      }));
    }),
  );
}

const FIELD_RELAXATIONS: readonly FieldRelaxation[] = ['allowIncomplete', 'readOther', 'ignoreCase'];

/** The fields of the run's values missed (expected, not found or found otherwise), most missed first, with the messages. */
export function missedFields(messages: readonly { messageId: string; rows: readonly ValueOutcome[] }[]): { field: string; missed: string[] }[] {
  const missed = new Map<string, string[]>();
  for (const message of messages) {
    for (const row of message.rows) {
      if (row.outcome !== 'FN' || (SPECIAL_VALUES as readonly string[]).includes(row.value)) continue;
      const ids = missed.get(row.value) ?? [];
      if (!ids.includes(message.messageId)) ids.push(message.messageId);
      missed.set(row.value, ids);
    }
  }
  return [...missed].map(([field, ids]) => ({ field, missed: ids })).sort((a, b) => b.missed.length - a.missed.length || a.field.localeCompare(b.field));
}

/** Every way to loosen how the active extraction modules read the field (to be tried on its missed messages). */
export function fieldRelaxations(modules: readonly EnvironmentModule[], field: string): FieldProposal[] {
  return modules.flatMap((module) => {
    if (module.type !== 'extraction' || !module.active) return [];
    const parsed = extractionConfigSchema.safeParse(module.config ?? {});
    if (!parsed.success) return [];
    return parsed.data.fields
      .filter((entry) => entry.name === field)
      .flatMap((entry) =>
        FIELD_RELAXATIONS.filter((relaxation) => relaxedSource(entry.source, relaxation) !== null).map((relaxation) => ({
          type: 'field' as const,
          field,
          moduleName: module.name,
          change: { type: 'field' as const, moduleId: module.id, fieldId: entry.id, relaxation },
          messages: [],
        })),
      );
  });
}
