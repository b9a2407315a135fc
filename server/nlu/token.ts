/** A server's access token: random, URL-safe. */
import { randomBytes } from 'node:crypto';

export const newServerToken = (): string => randomBytes(24).toString('base64url');
