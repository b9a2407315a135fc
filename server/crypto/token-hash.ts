/**
 * How random tokens handed to people (reset links, invitation links, access keys) are stored: only
 * their SHA-256. Plain SHA-256 is enough because the tokens carry 256 bits of randomness; there is
 * nothing to brute-force, unlike a password.
 */
import { createHash } from 'node:crypto';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
