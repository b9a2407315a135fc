/**
 * Advanced categorization: the module's Liquid program run in the sandbox (src/templates/) on one
 * unit, with the variables modules/categorization.ts documents. Its output lines are category names.
 */
import { ADVANCED_LIMITS, type AdvancedError, type CategoryTarget } from '../contract/modules/categorization';
import { checkLiquidSyntax, renderSandboxed, type SandboxError } from '../templates/sandbox';
import type { Unit } from './criteria';
import type { CategorizationInput, GivenCategory } from './types';

/** At most this many categories printed by one run. */
export const ADVANCED_MAX_CATEGORIES = 20;

const CODES: Record<SandboxError['code'], AdvancedError['code']> = {
  syntax: 'advancedSyntaxError',
  timeLimit: 'advancedTimeLimit',
  memoryLimit: 'advancedMemoryLimit',
  outputTooLarge: 'advancedOutputTooLarge',
  runtime: 'advancedRuntimeError',
  // A program has no templates to include: an include is a mistake of its own.
  partialNotFound: 'advancedRuntimeError',
};

export function toAdvancedError(error: SandboxError): AdvancedError {
  return { code: CODES[error.code], line: error.line, message: error.message };
}

/** §5: the syntax error of a program (null: it parses), as saves and the editor report it. */
export function advancedSyntaxError(program: string): AdvancedError | null {
  const error = checkLiquidSyntax(program, ADVANCED_LIMITS);
  return error === null ? null : toAdvancedError(error);
}

export interface AdvancedRun {
  names: { name: string; line: number }[];
  error: AdvancedError | null;
}

/** The variables of one run: plain JSON so the sandbox holds no live object. */
export function advancedVariables(input: CategorizationInput, unit: Unit, categories: readonly string[], given: readonly GivenCategory[]) {
  return {
    document: { name: unit.document.name, source: unit.document.source, page: unit.page, text: unit.text },
    interactions: unit.interactions.map((found) => ({
      id: found.id,
      context: found.context,
      complete: found.complete,
      parameters: Object.fromEntries(Object.entries(found.parameters).map(([name, values]) => [name, values.map((value) => value.value)])),
    })),
    categories: [...categories],
    given: given.map((entry) => ({ name: entry.name, documentName: entry.documentName, source: entry.target })),
    extracted: { ...input.extracted.analysis, ...(input.extracted.documents[unit.document.index] ?? {}) },
    headers: { ...input.headers },
    metadata: { ...input.metadata },
    vision: { ...(input.vision ?? {}) },
  };
}

export function runAdvanced(
  program: string,
  run: { input: CategorizationInput; unit: Unit; target: CategoryTarget; categories: readonly string[]; given: readonly GivenCategory[] },
): AdvancedRun {
  const result = renderSandboxed(program, advancedVariables(run.input, run.unit, run.categories, run.given), ADVANCED_LIMITS);
  if (!result.ok) return { names: [], error: toAdvancedError(result.error) };
  const names: { name: string; line: number }[] = [];
  result.output.split('\n').forEach((raw, index) => {
    const name = raw.trim().slice(0, 100);
    if (name !== '' && names.length < ADVANCED_MAX_CATEGORIES && !names.some((entry) => entry.name === name)) names.push({ name, line: index + 1 });
  });
  return { names, error: null };
}
