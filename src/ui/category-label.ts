/**
 * A category name as a self-service user reads it: configured names are often identifiers
 * (`prise_de_rendez_vous`); underscores become spaces and the first letter a capital. Shared by the
 * self-service result (analyses) and dashboard, which may not import each other.
 */
export function categoryLabel(name: string): string {
  const spaced = name.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
  return spaced.charAt(0).toLocaleUpperCase() + spaced.slice(1);
}
