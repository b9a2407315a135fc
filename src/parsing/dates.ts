/** Dates from parsers (RFC 2822 strings, Date objects) → ISO 8601, or undefined when unreadable. */
export function toIsoDate(value: string | Date | undefined | null): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
