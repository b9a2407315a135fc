/**
 * Categorization and consolidation in the pipeline, with the demo NLU configuration and a
 * real NLU run: the demo mails come out categorized with the rule that fired, consolidation picks the
 * final category, taints limit a later module, the output and webhooks carry the categories (less
 * those to skip), and manual final status waits with the consolidation in the payload.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategorizationResult } from '../../../../src/contract/modules/categorization';
import type { ConsolidationResult, OutputCategories } from '../../../../src/contract/modules/consolidation';
import { environments } from '../../../db/schema';
import { readSettings } from '../../../environments/settings';
import { createNluRuntime } from '../../../nlu/runtime';
import { createTestServer, type TestServer } from '../../../test-support/test-server';
import { fixture, insertWebhook, queueAnalysis, setSettings, traceOf, waitForEnd } from '../../testing/analyses';
import { inEnglish } from '../../../test-support/pipeline-text';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: createNluRuntime({ startupMs: 0 }) });
}, 180_000);
afterAll(() => server.close());

function mail(subject: string, body: string, attachment?: { name: string; content: Buffer }): Buffer {
  const head = `From: Jean Martin <jean.martin@example.com>\r\nTo: contact@assureur.example\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n`;
  const text = `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`;
  if (attachment === undefined) return Buffer.from(head + text, 'utf8');
  const base64 = attachment.content.toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    `${head}Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\n${text}--b1\r\n` +
      `Content-Type: application/pdf; name="${attachment.name}"\r\nContent-Disposition: attachment; filename="${attachment.name}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64}\r\n--b1--\r\n`,
    'utf8',
  );
}

async function analyse(env: string, name: string, content: Buffer, options: { manualFinalStatus?: boolean } = {}) {
  const id = await queueAnalysis(server.handle.db, env, [{ name, content }], options);
  const row = await waitForEnd(server.handle.db, id, 150_000);
  const result = <T>(type: string) => row.modules.find((module) => module.type === type) as { outcome: string; message: string; result: T };
  return { id, row, categorization: result<CategorizationResult>('categorization'), consolidation: result<ConsolidationResult>('consolidation'), output: result<{ categories: OutputCategories | null }>('output') };
}

const bodyCategories = (result: CategorizationResult) => result.documents.filter((doc) => doc.source !== 'attachment').flatMap((doc) => doc.categories.map((c) => c.category));

describe('categorization in the pipeline (demo NLU project)', { timeout: 300_000 }, () => {
  it('categorizes the French claim letter, explains it, taints the analysis and consolidates it', async () => {
    const { row, categorization, consolidation, output } = await analyse('demo-nlu-prod', 'claim-letter-fr.pdf', fixture('pdf/claim-letter-fr.pdf'));
    expect(row.status).toBe('processed');
    expect(categorization.outcome).toBe('success');
    const decision = categorization.result.documents[0]!.categories[0]!;
    expect(decision).toMatchObject({ category: 'Déclaration de sinistre', explanation: { kind: 'rule', ruleName: 'declarerSinistre', held: [{ criterion: { interaction: 'declarerSinistre' } }] } });
    expect(categorization.result.taints).toEqual(['sinistre']);
    expect(inEnglish(categorization.message)).toContain('Déclaration de sinistre (rule "declarerSinistre")');
    expect(consolidation.result).toMatchObject({ workflowId: 'wf-demo-assurance', labels: ['SINISTRE'], categories: [{ category: 'Déclaration de sinistre', reason: 'only' }], taints: ['sinistre'] });
    expect(output.result.categories).toMatchObject({ final: [{ category: 'Déclaration de sinistre' }], labels: ['SINISTRE'], workflowId: 'wf-demo-assurance', skipped: [] });
    expect((await traceOf(server.handle.db, row.id)).map((t) => t.module)).toEqual(['queue', 'extractor', 'nlu', 'extraction', 'categorization', 'consolidation', 'replyTemplate', 'output', 'webhooks']);
    // The demo's French reply for the final category (server/db/seed-replies.ts), in the output too.
    const reply = row.modules.find((module) => module.type === 'replyTemplate')!;
    expect(reply.result).toMatchObject({ template: { name: 'Sinistre', chosenFor: 'category', category: 'Déclaration de sinistre' } });
    expect((reply.result as { draft: string }).draft).toContain('Nous avons bien enregistré votre déclaration de sinistre');
    expect((output.result as unknown as { replyProposal: unknown }).replyProposal).toEqual(reply.result);
  });

  it('categorizes demo mails by their request, and gives "Autre" to the rest', async () => {
    const cases: [string, string, string][] = [
      ['Résiliation', 'Bonjour, je souhaite résilier mon contrat auto à la date anniversaire.', 'Résiliation'],
      ['Devis', 'Pourriez-vous me faire un devis pour une assurance habitation ?', 'Demande de devis'],
      ['Déménagement', 'Nous déménageons le mois prochain, voici notre nouvelle adresse.', "Changement d'adresse"],
    ];
    for (const [subject, body, expected] of cases) {
      const { categorization, consolidation } = await analyse('demo-nlu-prod', `${subject}.eml`, mail(subject, body));
      expect(bodyCategories(categorization.result)).toEqual([expected]);
      expect(consolidation.result.categories[0]!.category).toBe(expected);
    }
    const other = await analyse('demo-nlu-prod', 'mixed.eml', fixture('eml/mixed.eml'));
    expect(bodyCategories(other.categorization.result)).toEqual(['Autre']);
    expect(other.categorization.result.documents[0]!.categories[0]!.explanation).toEqual({ kind: 'default' });
  });

  it("gives an attached claim precedence over the body's request", async () => {
    const content = mail('Devis et sinistre', 'Bonjour, pourriez-vous me faire un devis pour une assurance auto ?', { name: 'sinistre.pdf', content: fixture('pdf/claim-letter-fr.pdf') });
    const { categorization, consolidation } = await analyse('demo-nlu-prod', 'devis-et-sinistre.eml', content);
    expect(categorization.result.documents.map((doc) => [doc.source, doc.categories.map((c) => c.category)])).toEqual([
      ['main', ['Demande de devis']],
      ['attachment', ['Déclaration de sinistre']],
    ]);
    expect(consolidation.result.categories).toMatchObject([{ category: 'Déclaration de sinistre', reason: 'attachmentPrecedence', from: { source: 'attachment', documentName: 'sinistre.pdf' } }]);
  });

  it('limits a module to tainted analyses, leaves skipped categories out of the output and webhooks, and waits for the final status', async () => {
    const db = server.handle.db;
    const env = 'demo-nlu-recette';
    const [row] = await db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, env));
    const settings = readSettings(row!.settings);
    const modules = settings.modules.flatMap((module) => {
      if (module.type === 'output') return [{ ...module, config: { ...module.config, categoriesToSkip: ['résiliation'] } }];
      if (module.type !== 'categorization') return [module];
      const urgent = {
        id: 'urgence',
        type: 'categorization' as const,
        name: 'Urgence sinistres',
        inputType: 'body' as const,
        context: null,
        active: true,
        requiredTaints: ['sinistre'],
        config: { defaultCategory: 'Sinistre à expertiser', categories: [] },
      };
      return [module, urgent];
    });
    await setSettings(db, env, { ...settings, modules });
    await insertWebhook(db, env, { url: 'http://127.0.0.1:9/unused', type: 'analysis' });
    await insertWebhook(db, env, { url: 'http://127.0.0.1:9/unused', type: 'consolidation' });

    const termination = await analyse(env, 'resiliation.eml', mail('Résiliation', 'Je veux résilier mon contrat habitation.'));
    const skipped = termination.row.modules.find((module) => module.moduleId === 'urgence')!;
    expect({ ...skipped, message: inEnglish(skipped.message) }).toMatchObject({ outcome: 'skipped', message: expect.stringContaining('runs only on analyses carrying sinistre') });
    expect(termination.output.result.categories).toMatchObject({ final: [], labels: [], skipped: ['Résiliation'] });
    expect(termination.output.result.categories!.documents[0]!.categories).toEqual([]);
    const delivered = await db.execute(sql`SELECT payload FROM webhook_deliveries WHERE analysis_id = ${termination.id} AND type = 'analysis'`);
    const payload = (delivered as unknown as { rows: { payload: { output: { categories: OutputCategories } } }[] }).rows[0]!.payload;
    expect(payload.output.categories.skipped).toEqual(['Résiliation']);

    const claim = await analyse(env, 'claim-letter-fr.pdf', fixture('pdf/claim-letter-fr.pdf'), { manualFinalStatus: true });
    expect(claim.row).toMatchObject({ status: 'pending', awaitingFinalStatus: true });
    const urgent = claim.row.modules.find((module) => module.moduleId === 'urgence')!;
    expect(urgent.outcome).toBe('success');
    expect((urgent.result as CategorizationResult).documents[0]!.categories[0]).toMatchObject({ category: 'Sinistre à expertiser', explanation: { kind: 'default' } });
    const waiting = await db.execute(sql`SELECT payload FROM webhook_deliveries WHERE analysis_id = ${claim.id} AND type = 'consolidation'`);
    const consolidationPayload = (waiting as unknown as { rows: { payload: { output: { categories: OutputCategories } } }[] }).rows[0]!.payload;
    expect(consolidationPayload.output.categories.final).toMatchObject([{ category: 'Déclaration de sinistre' }]);
    expect(consolidationPayload.output.categories.documents.map((doc) => doc.module)).toEqual(['Catégorisation', 'Urgence sinistres']);
  });
});
