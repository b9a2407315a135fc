/**
 * What every write of the NLU configuration shares: one transaction that also bumps the environment's
 * revision (so compiled engines are recompiled), a taken name as 409 `nluNameTaken`, a missing item
 * as 404 `nluNotFound`.
 */
import type { Database } from '../db/open';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http-error';
import { bumpRevision } from './revision';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export function nluNotFound(what: string): HttpError {
  return new HttpError(404, { message: `${what} not found`, code: 'nluNotFound', params: { what } });
}

export function nluNameTaken(name: string): HttpError {
  return new HttpError(409, { message: `Name "${name}" is already used`, code: 'nluNameTaken', params: { name } });
}

export async function writeNlu<T>(db: Database, environmentId: string, name: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx);
      await bumpRevision(tx, environmentId);
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nluNameTaken(name);
    throw error;
  }
}
