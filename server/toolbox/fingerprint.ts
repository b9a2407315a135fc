/** A fingerprint of an entity: sha-256 of its JSON with sorted keys, so jsonb key order never matters. */
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

export function fingerprint(entity: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(entity))).digest('hex').slice(0, 32);
}
