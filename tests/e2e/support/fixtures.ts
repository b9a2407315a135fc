import path from 'node:path';

/** A public sample file of ../shared/fixtures, by its path there ("pdf/invoice.pdf"). */
export const fixture = (name: string) => path.resolve(import.meta.dirname, '../../../../shared/fixtures', name);
