/**
 * The vision engine's settings check, the JSON schema it sends and the zod schema that checks the
 * answer: both come from the same settings, and the strict types accept only the configured keys.
 */
import { describe, expect, it } from 'vitest';
import { visionAnswerSchema, visionEngineConfigSchema, visionJsonSchema, visionValues, type VisionEngineConfigInput } from './vision-engine';

const config = (input: VisionEngineConfigInput) => visionEngineConfigSchema.parse(input);

const classification = config({
  type: 'strict_classification',
  categories: [
    { key: 'invoice', description: 'A supplier invoice' },
    { key: 'claim', description: 'An insurance claim form' },
  ],
});
const extraction = config({
  type: 'strict_extraction',
  extractionFields: [
    { field: 'invoiceNumber', description: 'The number of the invoice' },
    { field: 'total', description: '' },
  ],
});

describe('vision engine settings', () => {
  it('defaults to an active custom engine sending at most 5 pages', () => {
    expect(visionEngineConfigSchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['visionNeedsPrompt']);
    expect(config({ prompt: 'Describe it' })).toEqual({ active: true, type: 'custom', prompt: 'Describe it', categories: [], extractionFields: [], maxPages: 5 });
  });

  it('refuses strict types without keys, duplicate keys and keys that cannot be JSON property names', () => {
    const messages = (input: VisionEngineConfigInput) => visionEngineConfigSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ type: 'strict_classification' })).toEqual([['categories', 'visionNeedsCategories']]);
    expect(messages({ type: 'strict_extraction' })).toEqual([['extractionFields', 'visionNeedsFields']]);
    expect(messages({ type: 'strict_classification', categories: [{ key: 'a' }, { key: 'a' }] })).toEqual([['categories.1.key', 'visionDuplicateKey']]);
    expect(messages({ type: 'strict_extraction', extractionFields: [{ field: 'date de sinistre' }] })?.[0]?.[0]).toBe('extractionFields.0.field');
    expect(messages({ prompt: 'x', maxPages: 21 })?.[0]?.[0]).toBe('maxPages');
  });
});

describe('the JSON schema sent to the model', () => {
  it('lists the configured category keys as the only values of a strict classification', () => {
    const { name, schema } = visionJsonSchema(classification);
    expect(name).toBe('vision_classification');
    expect(schema).toMatchObject({
      type: 'object',
      required: ['categories', 'explanation'],
      additionalProperties: false,
      properties: { categories: { type: 'array', items: { type: 'string', enum: ['invoice', 'claim'] } } },
    });
    expect((schema.properties as { categories: { description: string } }).categories.description).toContain('claim: An insurance claim form');
  });

  it('makes every configured field a required string-or-null property of a strict extraction', () => {
    expect(visionJsonSchema(extraction).schema).toEqual({
      type: 'object',
      required: ['fields', 'quotes'],
      additionalProperties: false,
      properties: {
        fields: {
          type: 'object',
          description: expect.any(String),
          properties: { invoiceNumber: { type: ['string', 'null'], description: 'The number of the invoice' }, total: { type: ['string', 'null'] } },
          required: ['invoiceNumber', 'total'],
          additionalProperties: false,
        },
        // Where each value was read: the words the console marks on the document.
        quotes: {
          type: 'object',
          description: expect.stringContaining('copied exactly'),
          properties: { invoiceNumber: { type: ['string', 'null'] }, total: { type: ['string', 'null'] } },
          required: ['invoiceNumber', 'total'],
          additionalProperties: false,
        },
      },
    });
  });

  it('asks a custom engine for an answer, with categories free of any enum', () => {
    const schema = visionJsonSchema(config({ prompt: 'Describe', categories: [{ key: 'invoice' }] })).schema as { required: string[]; properties: { categories: { items: unknown } } };
    expect(schema.required).toEqual(['answer', 'categories', 'fields']);
    expect(schema.properties.categories.items).toEqual({ type: 'string' });
    // Fields configured: their quotes are asked for too.
    const withFields = visionJsonSchema(config({ prompt: 'Describe', extractionFields: [{ field: 'shop' }] })).schema as { required: string[] };
    expect(withFields.required).toEqual(['answer', 'categories', 'fields', 'quotes']);
  });
});

describe('the answer check', () => {
  it('accepts configured category keys and refuses any other in a strict classification', () => {
    expect(visionAnswerSchema(classification).safeParse({ categories: ['claim'], explanation: 'A form' }).success).toBe(true);
    const unknown = visionAnswerSchema(classification).safeParse({ categories: ['receipt'], explanation: 'x' });
    expect(unknown.error?.issues[0]?.path).toEqual(['categories', 0]);
    const extra = visionAnswerSchema(classification).safeParse({ categories: [], explanation: 'x', confidence: 0.9 });
    expect(extra.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['confidence'] });
  });

  it('refuses a field that is not configured, or a missing one, in a strict extraction', () => {
    const schema = visionAnswerSchema(extraction);
    expect(schema.safeParse({ fields: { invoiceNumber: 'FA-1', total: null } }).success).toBe(true);
    expect(schema.safeParse({ fields: { invoiceNumber: 'FA-1', total: null, iban: 'FR76' } }).error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['iban'] });
    expect(schema.safeParse({ fields: { invoiceNumber: 'FA-1' } }).success).toBe(false);
    // Quotes are understood when given, and an answer without them is still valid.
    expect(schema.safeParse({ fields: { invoiceNumber: 'FA-1', total: null }, quotes: { invoiceNumber: 'Facture n° FA-1', total: null } }).success).toBe(true);
  });

  it('lets a custom answer name categories and fields that are not configured', () => {
    const custom = config({ prompt: 'Describe', categories: [{ key: 'invoice' }] });
    expect(visionAnswerSchema(custom).parse({ answer: 'A receipt', categories: ['receipt'], fields: { shop: 'Boulangerie' } })).toEqual({ answer: 'A receipt', categories: ['receipt'], fields: { shop: 'Boulangerie' } });
  });

  it('gives categorization the categories, the answer and each field by name', () => {
    expect(visionValues({ type: 'strict_extraction', model: 'm', categories: [], fields: { total: '12' }, answer: null, pages: [], pagesLeftOut: 0 })).toEqual({ total: '12', categories: [], answer: null });
  });
});
