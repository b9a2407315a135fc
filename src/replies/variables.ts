/**
 * The variables a reply template sees (sender, subject, categories, extracted data, NLU
 * parameters, metadata), built from the module results of a run or of a stored analysis. One zod
 * schema describes them: the engine's output is checked against it in tests, the Documentation tab
 * lists its fields (with `REPLY_SAMPLE_VARIABLES` as examples) and the Tests tab starts from the sample.
 *
 * Modules built by other slices are read defensively (information extraction's result is taken as
 * `{ fields?, documents?: [{ fields }] }`): a result of another shape gives empty values, never a throw.
 */
import { z } from 'zod';

const scalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const replyVariablesSchema = z.object({
  sender: z.string().nullable(),
  recipient: z.string().nullable(),
  subject: z.string().nullable(),
  /** Text of the mail body (or main document), blocks joined. */
  body: z.string(),
  /** The analysis's category: the first final category, else the first category given. */
  category: z.string().nullable(),
  categories: z.array(z.string()),
  /** Extracted field name → value. */
  extractedData: z.record(z.string(), z.unknown()),
  /** NLU parameter name → its first value (every interaction merged). */
  parameters: z.record(z.string(), z.string()),
  /** Every interaction found, with each parameter's values. */
  interactions: z.array(z.object({ id: z.string(), context: z.string(), parameters: z.record(z.string(), z.array(z.string())) })),
  metadata: z.record(z.string(), scalar),
  analysis: z.object({ name: z.string() }),
});
export type ReplyVariables = z.infer<typeof replyVariablesSchema>;
export type ReplyVariableName = keyof ReplyVariables;
export const REPLY_VARIABLE_NAMES = Object.keys(replyVariablesSchema.shape) as ReplyVariableName[];

/** What a stored analysis or a run holds: its metadata and its module results in pipeline order. */
export interface VariablesSource {
  name: string;
  metadata: Record<string, z.infer<typeof scalar>>;
  modules: readonly { type: string; outcome: string; result?: unknown }[];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function successful(source: VariablesSource, type: string): unknown[] {
  return source.modules.filter((module) => module.type === type && module.outcome === 'success' && isObject(module.result)).map((module) => module.result);
}

function header(headers: unknown, name: string): string | null {
  if (!isObject(headers)) return null;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? null : text(headers[key]);
}

/** Consolidation's final categories first (the analysis's category), else every categorization's. */
function categoriesOf(source: VariablesSource): string[] {
  const names = new Set<string>();
  for (const consolidation of successful(source, 'consolidation')) {
    for (const entry of list((consolidation as Loose).categories)) if (isObject(entry) && text(entry.category)) names.add(entry.category as string);
  }
  if (names.size > 0) return [...names];
  for (const categorization of successful(source, 'categorization')) {
    for (const document of list((categorization as Loose).documents)) {
      for (const decision of list(isObject(document) ? document.categories : [])) if (isObject(decision) && text(decision.category)) names.add(decision.category as string);
    }
  }
  return [...names];
}

function extractedDataOf(source: VariablesSource): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const keep = (fields: unknown) => {
    if (!isObject(fields)) return;
    for (const [key, value] of Object.entries(fields)) if (!(key in data) && value !== null && value !== undefined) data[key] = value;
  };
  for (const extraction of successful(source, 'extraction')) {
    keep((extraction as Loose).fields);
    for (const document of list((extraction as Loose).documents)) if (isObject(document)) keep(document.fields);
  }
  return data;
}

function nluOf(source: VariablesSource): Pick<ReplyVariables, 'parameters' | 'interactions'> {
  const parameters: Record<string, string> = {};
  const interactions: ReplyVariables['interactions'] = [];
  for (const nlu of successful(source, 'nlu')) {
    for (const block of list((nlu as Loose).blocks)) {
      const result = isObject(block) ? block.result : null;
      for (const interaction of list(isObject(result) ? result.interactions : [])) {
        if (!isObject(interaction) || !isObject(interaction.parameters)) continue;
        const values: Record<string, string[]> = {};
        for (const [name, found] of Object.entries(interaction.parameters)) {
          values[name] = list(found).flatMap((value) => (isObject(value) && typeof value.value === 'string' ? [value.value] : []));
          if (!(name in parameters) && values[name]!.length > 0) parameters[name] = values[name]![0]!;
        }
        interactions.push({ id: text(interaction.id) ?? '', context: text(interaction.context) ?? '', parameters: values });
      }
    }
  }
  return { parameters, interactions };
}

/**
 * The extractor's documents, whatever its outcome: when one attachment could not be read the step
 * ends in error with what it did read, and the sender, subject and body of the mail are still known.
 */
function extractedDocuments(source: VariablesSource): Loose[] {
  const extractor = source.modules.find((module) => module.type === 'extractor' && isObject(module.result));
  return list((extractor?.result as Loose | undefined)?.documents).filter(isObject);
}

export function buildReplyVariables(source: VariablesSource): ReplyVariables {
  const documents = extractedDocuments(source);
  const main = documents.find((document) => document.source === 'main') ?? documents[0];
  const headers = main?.headers;
  const bodyDocument = documents.find((document) => document.source === 'body') ?? main;
  const body = list(bodyDocument?.blocks)
    .flatMap((block) => (isObject(block) && typeof block.text === 'string' ? [block.text] : []))
    .join('\n');
  const categories = categoriesOf(source);
  return {
    sender: header(headers, 'from') ?? text(source.metadata.sender),
    recipient: header(headers, 'to') ?? text(source.metadata.recipient),
    subject: header(headers, 'subject') ?? text(source.metadata.subject),
    body,
    category: categories[0] ?? null,
    categories,
    extractedData: extractedDataOf(source),
    ...nluOf(source),
    metadata: { ...source.metadata },
    analysis: { name: source.name },
  };
}

/** The Tests tab's starting sample and the Documentation tab's examples (checked against the schema in tests). */
export const REPLY_SAMPLE_VARIABLES: ReplyVariables = {
  sender: 'Marie Dupont <marie.dupont@example.com>',
  recipient: 'sinistres@assureur.example',
  subject: 'Déclaration de sinistre — dégât des eaux',
  body: "Bonjour,\nJe vous déclare un dégât des eaux survenu le 12/03/2026. Mon contrat : HAB-2024-118844.\nCordialement,\nMarie Dupont",
  category: 'sinistre',
  categories: ['sinistre'],
  extractedData: { contractNumber: 'HAB-2024-118844', dateOfLoss: '2026-03-12', amount: 1250 },
  parameters: { contractNumber: 'HAB-2024-118844' },
  interactions: [{ id: 'declare_claim', context: 'claims', parameters: { contractNumber: ['HAB-2024-118844'] } }],
  metadata: { channel: 'email' },
  analysis: { name: 'declaration-sinistre.eml' },
};
