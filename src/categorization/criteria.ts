/**
 * One criterion on one unit (a document, or a page of an attachment): whether it holds, and the
 * evidence that made it hold (what the explanation shows).
 */
import { QUOTES_PER_CRITERION, type Criterion, type Quote } from '../contract/modules/categorization';
import type { NluInteractionResult, NluValue } from '../contract/modules/nlu';
import type { CategorizationInput, EngineDocument, GivenCategory } from './types';
import { globMatches } from './glob';
import { asTextValues, valuesHolding } from './values';

export interface Unit {
  document: EngineDocument;
  page: number | null;
  text: string;
  interactions: readonly NluInteractionResult[];
  /** Where a value of one of `interactions` stands in the document (categorize.ts `unitsOf`). */
  quoteOf: (found: NluInteractionResult, value: NluValue) => Quote;
}

export interface CriterionOutcome {
  held: boolean;
  evidence: string[];
  quotes?: Quote[];
}

const NOT_HELD: CriterionOutcome = { held: false, evidence: [] };

/** The words of the interaction's parameters, in document order (conditioned ones: the values that held). */
function quotesOf(found: NluInteractionResult, unit: Unit, held: ReadonlyMap<string, ReadonlySet<string>>): Quote[] {
  const values = Object.entries(found.parameters).flatMap(([name, list]) => list.filter((value) => held.get(name)?.has(value.value) ?? true));
  return values
    .sort((a, b) => a.start - b.start)
    .slice(0, QUOTES_PER_CRITERION)
    .map((value) => unit.quoteOf(found, value));
}

export interface CriterionContext {
  input: CategorizationInput;
  /** Categories given so far: earlier modules, then this module's attachments (categorized first). */
  given: readonly GivenCategory[];
}

function interactionHolds(criterion: Extract<Criterion, { type: 'interaction' }>, unit: Unit): CriterionOutcome {
  for (const found of unit.interactions) {
    if (found.id !== criterion.interaction) continue;
    if (criterion.context !== null && found.context !== criterion.context) continue;
    if (criterion.complete && !found.complete) continue;
    const evidence = [`${found.id}${found.complete ? '' : ' (incomplete)'}`];
    const heldValues = new Map<string, Set<string>>();
    let all = true;
    for (const parameter of criterion.parameters) {
      const values = (found.parameters[parameter.parameter] ?? []).map((value) => value.value);
      const holding = valuesHolding(values, parameter.condition);
      if (holding.length === 0) {
        all = false;
        break;
      }
      heldValues.set(parameter.parameter, new Set(holding.map(String)));
      evidence.push(`${parameter.parameter} = ${holding.join(', ')}`);
    }
    if (all) return { held: true, evidence, quotes: quotesOf(found, unit, heldValues) };
  }
  return NOT_HELD;
}

export function evaluateCriterion(criterion: Criterion, unit: Unit, context: CriterionContext): CriterionOutcome {
  const { input } = context;
  switch (criterion.type) {
    case 'interaction':
      return interactionHolds(criterion, unit);
    case 'category': {
      const wanted = criterion.category.toLowerCase();
      const found = context.given.filter(
        (given) => given.name.toLowerCase() === wanted && (criterion.scope === 'any' || given.target === criterion.scope),
      );
      return found.length === 0 ? NOT_HELD : { held: true, evidence: found.map((given) => `${given.name} (${given.documentName})`) };
    }
    case 'extractedData': {
      const fields = { ...input.extracted.analysis, ...(input.extracted.documents[unit.document.index] ?? {}) };
      const holding = valuesHolding(asTextValues(fields[criterion.field]), criterion.condition);
      return holding.length === 0 ? NOT_HELD : { held: true, evidence: holding.map((value) => `${criterion.field} = ${value}`) };
    }
    case 'consolidationSource': {
      const source = unit.document.source === 'attachment' ? 'attachment' : 'body';
      if (criterion.source !== 'any' && criterion.source !== source) return NOT_HELD;
      if (criterion.fileName !== null && criterion.fileName !== '' && !globMatches(criterion.fileName, unit.document.name)) return NOT_HELD;
      return { held: true, evidence: [`${source}: ${unit.document.name}`] };
    }
    case 'header': {
      const value = input.headers[criterion.header.toLowerCase()];
      const holding = valuesHolding(value === undefined ? [] : [value], criterion.condition);
      return holding.length === 0 ? NOT_HELD : { held: true, evidence: [`${criterion.header}: ${holding[0]}`] };
    }
    case 'visionEngine': {
      const holding = valuesHolding(asTextValues(input.vision?.[criterion.key]), criterion.condition);
      return holding.length === 0 ? NOT_HELD : { held: true, evidence: holding.map((value) => `vision ${criterion.key} = ${value}`) };
    }
    case 'metadata': {
      const holding = valuesHolding(asTextValues(input.metadata[criterion.key]), criterion.condition);
      return holding.length === 0 ? NOT_HELD : { held: true, evidence: holding.map((value) => `${criterion.key} = ${value}`) };
    }
  }
}
