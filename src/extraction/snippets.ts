/**
 * Snippets: Liquid programs run in the shared sandbox (src/templates/sandbox.ts) with the
 * extraction filters (filters.ts) and the variables below; the printed output, trimmed, is the
 * field's raw value. Output that is JSON (`{{ list | json }}`) gives a list or an object.
 * SNIPPET_VARIABLES is what the Documentation tab lists; `snippetVariables` builds exactly those.
 */
import { EXTRACTION_LIMITS, type ExtractionFieldErrorCode } from '../contract/modules/extraction';
import { checkLiquidSyntax, renderSandboxed, type SandboxError } from '../templates/sandbox';
import { EXTRACTION_FILTERS } from './filters';
import type { ExtractionScope } from './types';

export const SNIPPET_LIMITS = {
  timeMs: EXTRACTION_LIMITS.snippetTimeMs,
  outputChars: EXTRACTION_LIMITS.snippetOutputChars,
  programChars: EXTRACTION_LIMITS.snippetProgramChars,
};

export interface SnippetVariable {
  name: string;
  description: { fr: string; en: string };
  example: string;
}

export const SNIPPET_VARIABLES: readonly SnippetVariable[] = [
  {
    name: 'text',
    description: {
      fr: 'Le texte du document (une fois par analyse : les textes de tous les documents, séparés par une ligne vide).',
      en: "The document's text (once per analysis: the texts of every document, separated by a blank line).",
    },
    example: '{{ text | after: "Contrat n°" }}',
  },
  {
    name: 'document',
    description: { fr: 'Le document : name, source (main, body, attachment) ; vide une fois par analyse.', en: 'The document: name, source (main, body, attachment); empty once per analysis.' },
    example: '{{ document.name }}',
  },
  {
    name: 'documents',
    description: { fr: 'Les documents lus : liste de { name, source }.', en: 'The documents read: a list of { name, source }.' },
    example: '{{ documents | map: "name" | join: ", " }}',
  },
  {
    name: 'headers',
    description: { fr: 'Les en-têtes du mail, noms en minuscules (from, to, subject, date…).', en: 'The mail headers, names in lower case (from, to, subject, date…).' },
    example: '{{ headers.subject }}',
  },
  {
    name: 'metadata',
    description: { fr: 'Les métadonnées de l’analyse (données au dépôt).', en: 'The analysis metadata (given at upload).' },
    example: '{{ metadata.customerId }}',
  },
  {
    name: 'interactions',
    description: {
      fr: 'Les résultats NLU : liste de { id, context, complete, parameters: { nom: [valeurs] } }.',
      en: 'The NLU results: a list of { id, context, complete, parameters: { name: [values] } }.',
    },
    example: '{% for i in interactions %}{% if i.id == "declarerSinistre" %}{{ i.parameters.montant | first }}{% endif %}{% endfor %}',
  },
  {
    name: 'fields',
    description: { fr: 'Les valeurs des champs placés avant dans le module.', en: 'The values of the fields placed before in the module.' },
    example: '{{ fields.montant | times: 1.2 }}',
  },
  {
    name: 'language',
    description: { fr: 'La langue de lecture des dates et des nombres (fr, gb…).', en: 'The language dates and numbers are read in (fr, gb…).' },
    example: '{{ language }}',
  },
  {
    name: 'now',
    description: { fr: 'La date et l’heure de l’analyse (ISO 8601), repère des dates relatives.', en: 'The date and time of the analysis (ISO 8601), the reference of relative dates.' },
    example: '{{ now | date: "%d/%m/%Y" }}',
  },
];

/** The variables of one snippet run: plain JSON so the sandbox holds no live object. */
export function snippetVariables(scope: ExtractionScope, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return {
    text: scope.text,
    document: scope.document === null ? null : { name: scope.document.name, source: scope.document.source },
    documents: scope.documents.map((doc) => ({ name: doc.name, source: doc.source })),
    headers: { ...scope.headers },
    metadata: { ...scope.metadata },
    interactions: scope.interactions.map((found) => ({
      id: found.id,
      context: found.context,
      complete: found.complete,
      parameters: Object.fromEntries(Object.entries(found.parameters).map(([name, values]) => [name, values.map((value) => value.value)])),
    })),
    fields: { ...fields },
    language: scope.language,
    now: scope.now.toISOString(),
  };
}

const CODES: Record<SandboxError['code'], ExtractionFieldErrorCode> = {
  syntax: 'snippetSyntax',
  timeLimit: 'snippetTimeLimit',
  memoryLimit: 'snippetMemoryLimit',
  outputTooLarge: 'snippetOutputTooLarge',
  runtime: 'snippetRuntime',
  // A snippet has no templates to include: an include is a mistake of its program.
  partialNotFound: 'snippetRuntime',
};

export type SnippetRun = { ok: true; values: unknown[] } | { ok: false; code: ExtractionFieldErrorCode; line: number | null; message: string };

/** Printed output → raw values: JSON list → its items, JSON object → one value, empty → none, text → one value. */
function valuesOf(output: string): unknown[] {
  const trimmed = output.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      // Not JSON: the text itself.
    }
  }
  return [trimmed];
}

export function runSnippet(program: string, variables: Record<string, unknown>): SnippetRun {
  const rendered = renderSandboxed(program, variables, SNIPPET_LIMITS, EXTRACTION_FILTERS);
  if (!rendered.ok) return { ok: false, code: CODES[rendered.error.code], line: rendered.error.line, message: rendered.error.message };
  return { ok: true, values: valuesOf(rendered.output) };
}

/**
 * One render of a snippet like the demo's, to be done when a thread starts: the first Liquid render of
 * a thread compiles liquidjs's code paths, which on a busy machine took past the 100 ms limit, and the
 * first mail that thread read lost that field.
 */
export function warmSnippets(): void {
  runSnippet('{{ text | normalize_space | parse_amount }} {{ text | after: "n°" | truncatewords: 2 }}', { text: 'Contrat n° AB-12345 : montant 1 250,50 €.' });
}

/** The syntax error of a snippet (null: it parses), for saves and the editor. */
export function snippetSyntaxError(program: string): { line: number | null; message: string } | null {
  const error = checkLiquidSyntax(program, SNIPPET_LIMITS, EXTRACTION_FILTERS);
  return error === null ? null : { line: error.line, message: error.message };
}
