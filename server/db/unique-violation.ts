/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), through driver wrappers. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error || typeof current === 'object'; ) {
    if (current === null) return false;
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
    if (current === undefined) return false;
  }
  return false;
}
