/**
 * The advanced creation wizard's draft: what the steps fill, the §5 duplicate-name checks
 * against what the environment already holds, and the body of `configuration.wizard`. Pure: the
 * screens and their tests share it.
 */
import type { WizardNameKind, WizardRequest } from '../../../contract/creation-wizard';
import type { InteractionFunctionKind, NluLanguage } from '../../../nlu/types';

export const WIZARD_STEPS = ['archetype', 'interaction', 'functions', 'category', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface FunctionDraft {
  key: number;
  name: string;
  kind: InteractionFunctionKind;
  stringValue: string;
}

export interface WizardDraft {
  archetype: { name: string; language: NluLanguage; dictionary: string };
  interaction: { contextId: string; name: string; parameter: string; comment: string };
  functions: FunctionDraft[];
  category: { moduleId: string; name: string; target: 'body' | 'attachment'; ruleName: string };
}

export function emptyDraft(contextId: string, moduleId: string): WizardDraft {
  return {
    archetype: { name: '', language: 'fr', dictionary: '' },
    interaction: { contextId, name: '', parameter: '', comment: '' },
    functions: [],
    category: { moduleId, name: '', target: 'body', ruleName: '' },
  };
}

/** What the environment already holds, by name (interactions: per context id; categories: per module id). */
export interface ExistingNames {
  archetypes: string[];
  interactions: { contextId: string; name: string }[];
  functions: string[];
  categories: { moduleId: string; name: string }[];
}

export interface NameWarning {
  kind: WizardNameKind;
  name: string;
}

/** Same text, ignoring case and surrounding spaces, as the server compares them. */
const same = (a: string, b: string) => a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

/** §5: the duplicate names of one step (the server refuses them too, `wizardNameTaken`). */
export function duplicateNames(step: WizardStep, draft: WizardDraft, existing: ExistingNames): NameWarning[] {
  const found: NameWarning[] = [];
  if (step === 'archetype' && existing.archetypes.some((name) => same(name, draft.archetype.name))) found.push({ kind: 'archetype', name: draft.archetype.name.trim() });
  if (step === 'interaction' && existing.interactions.some((item) => item.contextId === draft.interaction.contextId && same(item.name, draft.interaction.name))) {
    found.push({ kind: 'interaction', name: draft.interaction.name.trim() });
  }
  if (step === 'functions') {
    draft.functions.forEach((fn, index) => {
      const taken = existing.functions.some((name) => same(name, fn.name)) || draft.functions.slice(0, index).some((other) => same(other.name, fn.name));
      if (fn.name.trim() !== '' && taken) found.push({ kind: 'function', name: fn.name.trim() });
    });
  }
  if (step === 'category' && existing.categories.some((item) => item.moduleId === draft.category.moduleId && same(item.name, draft.category.name))) {
    found.push({ kind: 'category', name: draft.category.name.trim() });
  }
  return found;
}

/** Whether a step has what it needs to go on (names that break the dictionary syntax are the server's to refuse). */
export function stepComplete(step: WizardStep, draft: WizardDraft): boolean {
  const filled = (...values: string[]) => values.every((value) => value.trim() !== '');
  switch (step) {
    case 'archetype':
      return filled(draft.archetype.name, draft.archetype.dictionary);
    case 'interaction':
      return filled(draft.interaction.contextId, draft.interaction.name, draft.interaction.parameter);
    case 'functions':
      return draft.functions.every((fn) => filled(fn.name, fn.stringValue));
    case 'category':
      return filled(draft.category.moduleId, draft.category.name);
    case 'review':
      return true;
  }
}

export function wizardBody(draft: WizardDraft): WizardRequest {
  return {
    contextId: draft.interaction.contextId,
    archetype: { name: draft.archetype.name.trim(), language: draft.archetype.language, dictionary: draft.archetype.dictionary.trim() },
    interaction: { name: draft.interaction.name.trim(), parameter: draft.interaction.parameter.trim(), comment: draft.interaction.comment },
    functions: draft.functions.map((fn) => ({
      name: fn.name.trim(),
      enabled: true,
      kind: fn.kind,
      stringValue: fn.stringValue.trim(),
      parameterName: null,
      interactionToFind: null,
      parameterToFind: null,
      parameterBaseline: null,
    })),
    category: {
      moduleId: draft.category.moduleId,
      name: draft.category.name.trim(),
      target: draft.category.target,
      ruleName: draft.category.ruleName.trim() === '' ? undefined : draft.category.ruleName.trim(),
    },
  };
}
