/** Tests and benches: bank messages and sets written straight to the database (the bank's own import is tc-bank's). */
import { createHash, randomUUID } from 'node:crypto';
import type { ExpectedValues } from '../../src/contract/testing-center';
import type { Database } from '../db/open';
import { bankMessageFiles, bankMessages, bankSetMessages, bankSets } from '../db/schema';

/** A plain-text French or English mail as an .eml file. */
export function mailFile(subject: string, body: string): Buffer {
  return Buffer.from(
    `From: Jean Martin <jean.martin@example.com>\r\nTo: contact@assureur.example\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${body}\r\n`,
    'utf8',
  );
}

/** Expected categories of a message (qualified), as the bank stores them. */
export function expectCategories(...categories: string[]): ExpectedValues {
  return {
    categories: {
      qualified: true,
      values: categories.length === 0 ? [] : [categories.length === 1 ? { key: 'category', document: null, format: 'string', value: categories[0]! } : { key: 'category', document: null, format: 'array', value: categories }],
    },
  };
}

export async function insertBankMessage(db: Database, projectId: string, message: { id?: string; name: string; content: Buffer | null; expected: ExpectedValues; createdAt?: Date }): Promise<string> {
  const id = message.id ?? randomUUID();
  await db.insert(bankMessages).values({
    id,
    projectId,
    name: message.name,
    inputType: 'email',
    source: 'import',
    expected: message.expected,
    fileCount: message.content === null ? 0 : 1,
    ...(message.createdAt ? { createdAt: message.createdAt } : {}),
  });
  if (message.content !== null) {
    await db.insert(bankMessageFiles).values({
      id: randomUUID(),
      messageId: id,
      role: 'main',
      position: 0,
      name: message.name,
      contentType: 'message/rfc822',
      size: message.content.length,
      sha256: createHash('sha256').update(message.content).digest('hex'),
      content: message.content,
    });
  }
  return id;
}

export async function insertManualSet(db: Database, projectId: string, name: string, messageIds: string[], id: string = randomUUID()): Promise<string> {
  await db.insert(bankSets).values({ id, projectId, name, kind: 'manual' });
  if (messageIds.length > 0) await db.insert(bankSetMessages).values(messageIds.map((messageId) => ({ setId: id, messageId })));
  return id;
}
