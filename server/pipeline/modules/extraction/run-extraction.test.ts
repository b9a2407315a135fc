/**
 * Information extraction in the pipeline, on a real PGlite database with the demo NLU
 * environments and a real NLU run: the demo claim letter comes out with its contract number, date of
 * loss and amount, per analysis and per document, each read value pointing at its words in the
 * extractor's text; the output payload carries the values (not the evidence spans); a categorization
 * rule on extracted data holds; a field that fails keeps the others and the analysis processed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractorResult } from '../../../../src/contract/analyses';
import type { CategorizationResult } from '../../../../src/contract/modules/categorization';
import type { EvidenceSpan } from '../../../../src/contract/modules/evidence-span';
import type { ExtractionResult } from '../../../../src/contract/modules/extraction';
import { environments } from '../../../db/schema';
import { readSettings } from '../../../environments/settings';
import { createNluRuntime } from '../../../nlu/runtime';
import { createTestServer, type TestServer } from '../../../test-support/test-server';
import { fixture, queueAnalysis, setSettings, traceOf, waitForEnd } from '../../testing/analyses';
import { inEnglish, inFrench } from '../../../test-support/pipeline-text';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: createNluRuntime({ startupMs: 0 }) });
}, 180_000);
afterAll(() => server.close());

function mail(subject: string, body: string): Buffer {
  return Buffer.from(
    `From: Jean Martin <jean.martin@example.com>\r\nTo: contact@assureur.example\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`,
    'utf8',
  );
}

async function analyse(env: string, name: string, content: Buffer) {
  const id = await queueAnalysis(server.handle.db, env, [{ name, content }]);
  const row = await waitForEnd(server.handle.db, id, 150_000);
  const module = <T>(type: string) => row.modules.find((entry) => entry.type === type) as { outcome: string; message: string; result: T };
  const extractor = module<ExtractorResult>('extractor').result;
  /** The words of the extractor's text the spans point at. */
  const quoted = (spans: readonly EvidenceSpan[] | undefined) => (spans ?? []).map((span) => extractor.documents[span.document]!.blocks[span.block]!.text.slice(span.start, span.end));
  return {
    id,
    row,
    quoted,
    extraction: module<ExtractionResult>('extraction'),
    categorization: module<CategorizationResult>('categorization'),
    output: module<{ extractedData: ExtractionResult | null }>('output'),
  };
}

describe('information extraction in the pipeline (demo NLU project)', { timeout: 300_000 }, () => {
  it('extracts the contract number, the date of loss and the amount of the demo claim letter, into the output', async () => {
    const { row, extraction, output, quoted } = await analyse('demo-nlu-prod', 'claim-letter-fr.pdf', fixture('pdf/claim-letter-fr.pdf'));
    expect(row.status).toBe('processed');
    expect(extraction.outcome).toBe('success');
    const { evidence, ...values } = extraction.result;
    expect(values).toEqual({ scope: 'analysis', fields: { numeroContrat: 'AB-77812', dateSinistre: '2026-11-12', montant: 48250 }, errors: [], documents: [] });
    // A regular expression's and an NLU parameter's values point at their words; the amount is a snippet's, read from no place.
    expect(Object.keys(evidence).sort()).toEqual(['dateSinistre', 'numeroContrat']);
    expect(quoted(evidence.numeroContrat)).toEqual(['AB-77812']);
    expect(quoted(evidence.dateSinistre)).toEqual([expect.stringMatching(/^12 novembre 2026$/i)]);
    expect(inEnglish(extraction.message)).toContain('numeroContrat = "AB-77812"');
    // The payload is integrators' published format: the values as before, no evidence.
    expect(output.result.extractedData).toEqual(values);
    expect((await traceOf(server.handle.db, row.id)).map((t) => t.module)).toEqual(['queue', 'extractor', 'nlu', 'extraction', 'categorization', 'consolidation', 'replyTemplate', 'output', 'webhooks']);
  });

  it('extracts per document, feeds a categorization rule on extracted data, and keeps going past a failing field', async () => {
    const db = server.handle.db;
    const env = 'demo-nlu-recette';
    const [stored] = await db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, env));
    const settings = readSettings(stored!.settings);
    const modules = settings.modules.map((module) => {
      if (module.type === 'extraction') {
        const config = module.config as { fields: unknown[] };
        const broken = { id: 'broken', name: 'urgent', format: 'boolean', source: { type: 'header', header: 'subject' } };
        return { ...module, inputType: 'body' as const, config: { ...module.config, fields: [...config.fields, broken] } };
      }
      if (module.type !== 'categorization') return module;
      const bigClaim = {
        id: 'gros-sinistre',
        name: 'Gros sinistre',
        rules: [{ id: 'montant-eleve', name: 'declarerSinistre', priority: 1, criteria: [{ type: 'extractedData', field: 'montant', condition: { operator: 'greaterThan', value: '10000', valueType: 'number' } }] }],
      };
      const config = module.config as { categories: unknown[] };
      return { ...module, config: { ...module.config, categories: [bigClaim, ...config.categories] } };
    });
    await setSettings(db, env, { ...settings, modules });

    const big = await analyse(env, 'gros.eml', mail('Sinistre', 'Bonjour, je déclare un sinistre : dégât des eaux le 3 mars 2026, contrat CD-12345, montant 15 000 €.'));
    expect(big.row.status).toBe('processed');
    expect(big.extraction.result.scope).toBe('documents');
    expect(big.extraction.result.documents).toEqual([
      {
        document: 0,
        documentName: 'gros.eml',
        source: 'main',
        fields: { numeroContrat: 'CD-12345', dateSinistre: '2026-03-03', montant: 15000, urgent: null },
        errors: [{ field: 'urgent', code: 'notABoolean', params: { value: 'Sinistre', format: 'boolean' }, message: '"Sinistre" is not a yes/no value (format boolean)' }],
        evidence: expect.any(Object),
      },
    ]);
    const { evidence } = big.extraction.result.documents[0]!;
    expect(Object.keys(evidence).sort()).toEqual(['dateSinistre', 'numeroContrat']);
    expect(big.quoted(evidence.numeroContrat)).toEqual(['CD-12345']);
    expect(big.quoted(evidence.dateSinistre)).toEqual(['3 mars 2026']);
    expect(big.output.result.extractedData!.documents[0]).not.toHaveProperty('evidence');
    expect(inEnglish(big.extraction.message)).toContain('Field errors: urgent: "Sinistre" is not a yes / no value.');
    // Read from the error's code: a French reader gets no English sentence.
    expect(inFrench(big.extraction.message)).toContain('Erreurs de champ : urgent : ');
    expect(inFrench(big.extraction.message)).not.toContain('is not a yes');
    expect(big.categorization.result.documents[0]!.categories[0]).toMatchObject({
      category: 'Gros sinistre',
      explanation: { kind: 'rule', held: [{ criterion: { type: 'extractedData', field: 'montant' }, evidence: [expect.stringContaining('15000')] }] },
    });

    const small = await analyse(env, 'petit.eml', mail('Sinistre', 'Bonjour, je déclare un sinistre : bris de glace le 3 mars 2026, contrat CD-12345, montant 300 €.'));
    expect(small.extraction.result.documents[0]!.fields.montant).toBe(300);
    expect(small.categorization.result.documents[0]!.categories.map((c) => c.category)).not.toContain('Gros sinistre');
  });
});
