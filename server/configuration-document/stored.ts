/**
 * The stored configuration of an environment as a configuration document (settings as the versions
 * snapshot holds them, NLU as its console export). What a document would change in it is
 * document-changes.ts (pure: it runs in the check's module worker).
 */
import { configurationDocumentSchema, type ConfigurationDocument } from '../../src/configuration-document/document';
import { environmentSettingsOf } from '../categorization/facts';
import type { Database } from '../db/open';
import { exportOriginal } from '../nlu/export';
import { readPreserved, withConsoleFields } from './preserved-nlu';

type Reader = Pick<Database, 'select'>;

export async function storedDocument(db: Reader, environmentId: string): Promise<ConfigurationDocument> {
  const [settings, nlu, preserved] = await Promise.all([environmentSettingsOf(db, environmentId), exportOriginal(db, environmentId), readPreserved(db, environmentId)]);
  // Read through the document schema, so a stored item and the same item read from text compare equal.
  return configurationDocumentSchema.parse({ settings, nlu: withConsoleFields(nlu.nlu, preserved) }) as ConfigurationDocument;
}
