/**
 * The JWT signing key: `JWT_SECRET` when set (needed when several processes share one PostgreSQL),
 * otherwise 32 random bytes generated into the data folder on first start and reused afterwards so
 * tokens survive a restart. The file is readable by its owner only.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIN_SECRET_BYTES } from './tokens';

export const SECRET_FILE = 'jwt-secret';

export async function loadOrCreateJwtSecret(dataDir: string): Promise<Uint8Array> {
  const path = join(dataDir, SECRET_FILE);
  try {
    const stored = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url');
    if (stored.byteLength >= MIN_SECRET_BYTES) return stored;
    throw new Error(`${path} holds fewer than ${MIN_SECRET_BYTES} bytes; delete it to generate a new one`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(MIN_SECRET_BYTES);
  // 'wx': if another process created it meanwhile, fail rather than overwrite its key.
  await writeFile(path, `${secret.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
