/**
 * A plausible valid value for a JSON Schema of /api/openapi.json: the baseline each malformed field
 * is put into, so the other fields pass and the bad one reaches as far as it can (a date that passes
 * a regex but not the calendar used to reach the database). Not a full generator: required fields,
 * the first branch of a union, bounds and formats we use; a value the server still refuses only makes
 * that probe shallower, never a false failure.
 */
export type JsonSchema = Record<string, unknown>;

const FORMATS: Record<string, string> = {
  email: 'fuzz@example.com',
  uri: 'http://127.0.0.1:9/fuzz',
  url: 'http://127.0.0.1:9/fuzz',
  uuid: '00000000-0000-4000-8000-000000000000',
  'date-time': '2026-05-01T08:00:00Z',
  date: '2026-05-01',
  time: '08:00:00',
  duration: 'P1D',
};

/** Strings the contract's patterns commonly want (days, months, colours, names…), tried in order. */
const PATTERN_CANDIDATES = ['2026-05-01', '2026-05', '#336699', 'fuzz', 'fuzz-1', 'a', 'A1', '1', 'fuzz@example.com', 'http://127.0.0.1:9/'];

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
    const ref = current.$ref;
    if (ref === '#') current = root;
    else {
      const name = ref.replace(/^#\/(\$defs|definitions)\//, '');
      current = ((root.$defs ?? root.definitions ?? {}) as Record<string, JsonSchema>)[name] ?? {};
    }
  }
  return current;
}

function stringSample(schema: JsonSchema): string {
  if (typeof schema.format === 'string' && FORMATS[schema.format] !== undefined) return FORMATS[schema.format]!;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate) && candidate.length >= min && candidate.length <= max);
    if (found !== undefined) return found;
  }
  const base = 'fuzz';
  if (base.length >= min && base.length <= max) return base;
  return base.repeat(Math.ceil(min / base.length) + 1).slice(0, Math.max(min, Math.min(max, base.length)));
}

function numberSample(schema: JsonSchema): number {
  const low = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const high = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return Math.min(Math.max(low, 1), high);
}

export function sampleOf(input: JsonSchema, root: JsonSchema = input, depth = 0): unknown {
  const schema = resolve(input, root);
  if (depth > 12) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('default' in schema && schema.default !== undefined) return schema.default;
  for (const union of ['oneOf', 'anyOf'] as const) {
    const branches = schema[union];
    if (Array.isArray(branches) && branches.length > 0) {
      const branch = (branches as JsonSchema[]).find((one) => resolve(one, root).type !== 'null') ?? branches[0];
      return sampleOf(branch as JsonSchema, root, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return sampleOf(schema.allOf[0] as JsonSchema, root, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((one) => one !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringSample(schema);
    case 'integer':
      return Math.round(numberSample(schema));
    case 'number':
      return numberSample(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const items = (schema.prefixItems as JsonSchema[] | undefined) ?? Array.from({ length: min }, () => (schema.items ?? {}) as JsonSchema);
      return items.map((item) => sampleOf(item, root, depth + 1));
    }
    case 'object':
    default: {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      if (type === undefined && Object.keys(properties).length === 0) return type === undefined && schema.additionalProperties === undefined ? 'fuzz' : {};
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name)) continue;
        const sample = sampleOf(property, root, depth + 1);
        if (sample !== undefined) value[name] = sample;
      }
      return value;
    }
  }
}

/** The object branch a body's fields are read from (the first of a union), or null for a body that is not an object. */
export function objectSchemaOf(input: JsonSchema, root: JsonSchema = input): JsonSchema | null {
  const schema = resolve(input, root);
  if (schema.properties !== undefined) return schema;
  for (const union of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[union];
    if (Array.isArray(branches)) {
      for (const branch of branches as JsonSchema[]) {
        const found = objectSchemaOf(branch, root);
        if (found !== null) return found;
      }
    }
  }
  return null;
}
