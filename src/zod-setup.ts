/**
 * Imported first by main.tsx, before any module builds a zod schema. zod probes `new Function` when
 * it builds an object schema, to compile faster parsers; the console's Content-Security-Policy
 * forbids eval, so the probe would be reported as a violation. Interpreted parsers are fast enough.
 */
import { config } from 'zod';

config({ jitless: true });
