/** One formatter per language and precision: making one loads the locale's data (~100 ms the first time, in profiles of the files viewer). */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}:${digits}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(language, { maximumFractionDigits: digits })));
  return format;
}

/** Bytes in the unit a person reads (1 decimal above a kilobyte); French writes octets (o, Ko, Mo). */
export function formatBytes(bytes: number, language: string): string {
  const units = language === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = formatter(language, unit === 0 ? 0 : 1).format(value);
  return `${number} ${units[unit]}`;
}
