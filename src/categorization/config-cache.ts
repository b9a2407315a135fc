/**
 * Parsed categorization configurations, kept between analyses. Parsing 200 categories × 5 rules with
 * the contract's schema takes ~5 ms, more than categorizing a mail (~0.4 ms): the runner parses a
 * configuration once and reuses it. A `versioned` key (environment, row version, module: the
 * pipeline's) names one configuration for good; otherwise (the test endpoint) the entry is reused
 * only while the configuration's JSON is the same. A few entries per process.
 */
import { categorizationConfigSchema, type CategorizationConfig } from '../contract/modules/categorization';

const MAX_ENTRIES = 32;
const cache = new Map<string, { json: string; config: CategorizationConfig }>();

export type ParsedConfig = { ok: true; config: CategorizationConfig } | { ok: false; message: string };

export function parseCategorizationConfig(key: string, raw: unknown, versioned: boolean): ParsedConfig {
  const hit = cache.get(key);
  if (hit !== undefined && versioned) return { ok: true, config: hit.config };
  const json = versioned ? '' : JSON.stringify(raw ?? {});
  if (hit !== undefined && hit.json === json) return { ok: true, config: hit.config };
  const parsed = categorizationConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'unknown problem' };
  cache.delete(key);
  cache.set(key, { json, config: parsed.data });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return { ok: true, config: parsed.data };
}
