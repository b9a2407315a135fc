/**
 * The demo message bank: 40 short French and English mails in the demo NLU project, about
 * its categories (seed-categorization.ts) and extracted fields (seed-extraction.ts), qualified by the
 * demo qualifier (four of them only partially, to show the states), tagged by language and category,
 * with two sets. Idempotent like the rest of the seed: fixed ids, ON CONFLICT DO NOTHING.
 *
 * The mails are generated here (plain .eml text). Where the shared fixtures are next to the project
 * (`../shared/fixtures/pdf`, read, never copied into the tree), two quote requests carry the sample
 * invoice and two claims the French claim letter as attachments; without them those mails have none.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_TESTING_CENTER_PARAMETERS, type ExpectedValues } from '../../src/contract/testing-center';
import type { NewAnalysisFile } from '../analyses/create';
import { bankRows, type NewBankMessage } from '../testing-center/store';
import type { Database } from './open';
import { bankMessageFiles, bankMessages, bankSets } from './schema-testing-center';
import { demoUserId } from './seed-data';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const DEMO_BANK_PROJECT = 'demo-nlu';

interface DemoMail {
  category: string;
  tag: string;
  language: 'fr' | 'en';
  subject: string;
  body: string;
  contract: string | null;
  amount: number | null;
}

const FR_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'];
const EN_NAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Walker', 'Wright'];

/** Eight mails per category, half French, half English; contract numbers look like the demo's (AB-12345). */
function demoMails(): DemoMail[] {
  const mails: DemoMail[] = [];
  for (let i = 0; i < 8; i += 1) {
    const fr = i % 2 === 0;
    const name = (fr ? FR_NAMES : EN_NAMES)[i]!;
    const contract = `AB-${String(70_000 + i * 137).padStart(5, '0')}`;
    const amount = 1_000 + i * 250;
    mails.push(
      fr
        ? { category: 'Déclaration de sinistre', tag: 'sinistre', language: 'fr', subject: `Déclaration de sinistre — contrat ${contract}`, body: `Bonjour,\n\nJe déclare un sinistre survenu le ${i + 3} novembre 2026 sur mon contrat n° ${contract} : dégât des eaux dans la cuisine. Montant estimé des dommages : ${amount} €.\n\nCordialement,\n${name}`, contract, amount }
        : { category: 'Déclaration de sinistre', tag: 'sinistre', language: 'en', subject: `Claim on policy ${contract}`, body: `Hello,\n\nI would like to report a claim: a storm damaged my roof on November ${i + 3}, 2026. Policy ${contract}. Estimated damage: ${amount} EUR.\n\nRegards,\n${name}`, contract, amount },
      fr
        ? { category: 'Résiliation', tag: 'resiliation', language: 'fr', subject: 'Résiliation de mon contrat', body: `Madame, Monsieur,\n\nJe souhaite résilier mon contrat ${contract} à sa date d'échéance. Merci de me confirmer la résiliation par retour de mail.\n\n${name}`, contract, amount: null }
        : { category: 'Résiliation', tag: 'resiliation', language: 'en', subject: 'Cancel my policy', body: `Dear Sir or Madam,\n\nPlease cancel my policy ${contract} at its renewal date and confirm the cancellation by email.\n\n${name}`, contract, amount: null },
      fr
        ? { category: 'Demande de devis', tag: 'devis', language: 'fr', subject: 'Demande de devis assurance habitation', body: `Bonjour,\n\nPourriez-vous m'envoyer un devis pour assurer un appartement de ${40 + i * 5} m² à Lyon ?\n\nMerci,\n${name}`, contract: null, amount: null }
        : { category: 'Demande de devis', tag: 'devis', language: 'en', subject: 'Quote request for home insurance', body: `Hello,\n\nCould you send me a quote to insure a ${40 + i * 5} m² flat in Lyon?\n\nThanks,\n${name}`, contract: null, amount: null },
      fr
        ? { category: "Changement d'adresse", tag: 'adresse', language: 'fr', subject: "Changement d'adresse", body: `Bonjour,\n\nJ'ai déménagé : ma nouvelle adresse est ${10 + i} rue des Lilas, 69003 Lyon. Merci de mettre à jour mon contrat ${contract}.\n\n${name}`, contract, amount: null }
        : { category: "Changement d'adresse", tag: 'adresse', language: 'en', subject: 'New address', body: `Hello,\n\nI have moved: my new address is ${10 + i} Rose Street, 69003 Lyon. Please update policy ${contract}.\n\n${name}`, contract, amount: null },
      fr
        ? { category: 'Autre', tag: 'autre', language: 'fr', subject: 'Question sur mon espace client', body: `Bonjour,\n\nJe n'arrive plus à me connecter à mon espace client depuis hier. Pouvez-vous m'aider ?\n\n${name}`, contract: null, amount: null }
        : { category: 'Autre', tag: 'autre', language: 'en', subject: 'Question about my online account', body: `Hello,\n\nI cannot sign in to my online account since yesterday. Could you help?\n\n${name}`, contract: null, amount: null },
    );
  }
  return mails;
}

function eml(mail: DemoMail, index: number): string {
  const day = String(1 + (index % 28)).padStart(2, '0');
  return [
    `From: client${index}@demo.postroom.test`,
    'To: gestion@assurance.demo.postroom.test',
    `Subject: =?UTF-8?B?${Buffer.from(mail.subject).toString('base64')}?=`,
    `Date: Mon, ${day} Nov 2026 09:${String(index % 60).padStart(2, '0')}:00 +0100`,
    `Message-ID: <demo-bank-${index}@demo.postroom.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    mail.body.replace(/\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

function expectedOf(mail: DemoMail, attachment: string | null, partial: boolean): ExpectedValues {
  const fields = [
    ...(mail.contract ? [{ key: 'numeroContrat', document: null, format: 'string' as const, value: mail.contract }] : []),
    ...(mail.amount !== null ? [{ key: 'montant', document: null, format: 'number' as const, value: mail.amount }] : []),
  ];
  const categories = { qualified: true, values: [{ key: 'category', document: null, format: 'string' as const, value: mail.category }] };
  if (partial) return { categories };
  return {
    categories,
    attachments_categories: {
      qualified: true,
      values: attachment === null ? [] : [{ key: 'category', document: attachment, format: 'string', value: attachment.startsWith('invoice') ? 'Demande de devis' : 'Déclaration de sinistre' }],
    },
    extracted_informations: { qualified: true, values: fields },
    extracted_informations_attachments: { qualified: true, values: [] },
    rpa: { qualified: true, values: [] },
  };
}

/** A shared fixture's bytes, or null where the fixtures are not beside the project. */
function fixture(path: string): Uint8Array | null {
  try {
    return readFileSync(resolve(process.cwd(), '../shared/fixtures', path));
  } catch {
    return null;
  }
}

export const DEMO_BANK_SETS = [
  { id: 'demo-bank-set-all', name: 'Démo — tout', kind: 'tags' as const, tags: ['demo'] },
  { id: 'demo-bank-set-claims', name: 'Sinistres', kind: 'tags' as const, tags: ['sinistre'] },
];

export async function seedDemoTestingCenter(tx: Tx): Promise<void> {
  const invoice = fixture('pdf/invoice.pdf');
  const letter = fixture('pdf/claim-letter-fr.pdf');
  const mails = demoMails();
  const start = Date.UTC(2026, 10, 1, 8, 0, 0);
  for (const [index, mail] of mails.entries()) {
    const withInvoice = mail.tag === 'devis' && index < 12 && invoice !== null;
    const withLetter = mail.tag === 'sinistre' && index < 12 && letter !== null;
    const attachments: NewAnalysisFile[] = withInvoice ? [{ name: 'invoice.pdf', content: invoice }] : withLetter ? [{ name: 'claim-letter-fr.pdf', content: letter }] : [];
    const input: NewBankMessage = {
      id: `demo-bank-${String(index + 1).padStart(2, '0')}`,
      projectId: DEMO_BANK_PROJECT,
      name: mail.subject,
      main: { name: `demo-${String(index + 1).padStart(2, '0')}.eml`, content: new TextEncoder().encode(eml(mail, index + 1)) },
      attachments,
      tags: ['demo', mail.language, mail.tag],
      source: 'import',
      expected: expectedOf(mail, attachments[0]?.name ?? null, index >= mails.length - 4),
      qualifiedByUserId: demoUserId('qualifier'),
      createdAt: new Date(start + index * 3_600_000),
    };
    const rows = await bankRows(input, DEFAULT_TESTING_CENTER_PARAMETERS);
    const inserted = await tx.insert(bankMessages).values(rows.message).onConflictDoNothing().returning({ id: bankMessages.id });
    if (inserted.length > 0) await tx.insert(bankMessageFiles).values(rows.files).onConflictDoNothing();
  }
  await tx
    .insert(bankSets)
    .values(DEMO_BANK_SETS.map((set) => ({ ...set, projectId: DEMO_BANK_PROJECT })))
    .onConflictDoNothing();
}
