/**
 * The review step's test before creation: the test sentence through the NLU engine the
 * server runs (src/nlu, the one engine), in the browser, on the environment's NLU items plus the
 * draft's archetype, interaction and functions, as `configuration.wizard` would store them
 * (server/configuration/creation-wizard.ts). The new category's rule tests that the interaction is
 * found complete: so the category would be given exactly when the draft interaction is.
 * Nothing is sent or stored. Pure: the review screen and its unit test share it.
 */
import { analyseText, compileNlu } from '../../../nlu';
import { nluSourceOf, type StoredNluItems } from '../../../nlu/source-of';
import type { NluConfigError } from '../../../nlu/types';
import type { NluInteractionResult } from '../../../contract/modules/nlu';
import { wizardBody, type WizardDraft } from './wizard-draft';

/** The distance `configuration.wizard` gives the new interaction. */
const WIZARD_DISTANCE = 10;

export interface WizardPreview {
  /** Every interaction of the draft's context the sentence matches (complete or not). */
  interactions: NluInteractionResult[];
  /** The draft interaction, when found complete: its rule holds, the category would be given. */
  chainWorks: boolean;
  /** Values the draft's parameter took in the sentence. */
  parameterValues: string[];
  /** Configuration errors of the draft (a dictionary that does not compile…), as the NLU screens show them. */
  errors: NluConfigError[];
}

/** The environment's items, and the draft added the way the wizard's transaction adds it. */
export function itemsWithDraft(existing: StoredNluItems, draft: WizardDraft): StoredNluItems {
  const body = wizardBody(draft);
  return {
    archetypes: [...existing.archetypes, { name: body.archetype.name, dictionaries: { [body.archetype.language]: body.archetype.dictionary } }],
    contexts: existing.contexts,
    interactions: [
      ...existing.interactions,
      {
        name: body.interaction.name,
        contextId: body.contextId,
        comment: body.interaction.comment,
        enabled: true,
        ordered: false,
        distance: WIZARD_DISTANCE,
        parameters: [{ name: body.interaction.parameter, position: 0, archetype: body.archetype.name, optional: false, multiple: false, resetConversation: false }],
        functions: body.functions.map((fn) => fn.name),
      },
    ],
    functions: [...existing.functions, ...body.functions],
  };
}

/** `aiVersion`: the version of the server that analyses the context (what an unlimited distance needs). */
export function previewWizard(existing: StoredNluItems, draft: WizardDraft, text: string, aiVersion: string): WizardPreview {
  const body = wizardBody(draft);
  const context = existing.contexts.find((item) => item.id === body.contextId);
  const { engine, errors } = compileNlu(nluSourceOf(itemsWithDraft(existing, draft)), { aiVersion });
  if (engine === null || context === undefined) return { interactions: [], chainWorks: false, parameterValues: [], errors };
  const result = analyseText(engine, text, { language: body.archetype.language, contexts: [context.name], multipleInteractions: true, labeling: false });
  const own = result.interactions.find((interaction) => interaction.id === body.interaction.name && interaction.context === context.name);
  return {
    interactions: result.interactions,
    chainWorks: own?.complete === true,
    parameterValues: (own?.parameters[body.interaction.parameter] ?? []).map((value) => value.value),
    errors,
  };
}
