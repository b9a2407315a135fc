/** The demo bank: 40 French and English messages in the demo NLU project, qualified, with their sets; seeding twice changes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { DatabaseHandle } from './open';
import { seedDemo } from './seed';
import { bankMessageFiles, bankMessages, bankSets } from './schema-testing-center';
import { openMigratedTestDatabase } from '../test-support/test-database';
import { parseEml } from '../../src/parsing/eml';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openMigratedTestDatabase();
  await seedDemo(handle.db);
  await seedDemo(handle.db);
}, 120_000);
afterAll(() => handle.close());

describe('demo message bank', () => {
  it('holds 40 qualified or partially qualified mails in French and English, once', async () => {
    const rows = await handle.db.select().from(bankMessages).where(eq(bankMessages.projectId, 'demo-nlu'));
    expect(rows).toHaveLength(40);
    expect(rows.filter((row) => row.qualification === 'qualified')).toHaveLength(36);
    expect(rows.filter((row) => row.qualification === 'partiallyQualified')).toHaveLength(4);
    expect(rows.filter((row) => row.tags.includes('fr')).length).toBe(20);
    expect(rows.filter((row) => row.tags.includes('en')).length).toBe(20);
    const categories = new Set(rows.map((row) => row.expected.categories?.values[0]?.value));
    expect(categories).toEqual(new Set(['Déclaration de sinistre', 'Résiliation', 'Demande de devis', "Changement d'adresse", 'Autre']));
    const [files] = await handle.db.select({ n: count() }).from(bankMessageFiles);
    expect(Number(files!.n)).toBeGreaterThanOrEqual(40);
  });

  it('parses as mail: each main file is an .eml with the subject of its message', async () => {
    const [file] = await handle.db.select().from(bankMessageFiles).where(eq(bankMessageFiles.id, 'demo-bank-01-file-0'));
    const [message] = await handle.db.select().from(bankMessages).where(eq(bankMessages.id, 'demo-bank-01'));
    const { model } = await parseEml(new Uint8Array(file!.content));
    expect(model.subject).toBe(message!.name);
    expect(model.text).toContain('contrat n° AB-70000');
  });

  it('has the two demo sets', async () => {
    const sets = await handle.db.select().from(bankSets).where(eq(bankSets.projectId, 'demo-nlu'));
    expect(sets.map((set) => set.name).sort()).toEqual(['Démo — tout', 'Sinistres']);
  });
});
