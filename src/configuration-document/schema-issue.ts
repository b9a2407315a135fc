/**
 * A schema (zod) issue of the configuration document as plain parameters (one language per
 * user): the issue's code and its facts (expected and received types, allowed values, limits…), so
 * the console says it in the reader's language (`src/i18n/schema-issue-text.ts`) instead of showing
 * zod's English `message`. A custom issue of our own schemas carries its own code (`customCode`).
 * Pure: the IDE and the server both build it.
 */
export type SchemaIssueParams = Record<string, string | number | string[]>;

/** The fields of a zod issue this reads (zod's issue types are a union; only plain facts are kept). */
export interface SchemaIssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/** The type name zod's texts use for a value ("string", "number", "array", "null", "undefined"…). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number';
  return typeof value;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const TEXT_FIELDS = ['origin', 'format', 'pattern', 'prefix', 'suffix', 'includes'] as const;
const NUMBER_FIELDS = ['minimum', 'maximum', 'divisor'] as const;

/**
 * The issue's code and facts. `root` is the value that was checked (the document), to name the type
 * received. Custom issues: `customCode` is their own code (a code in `params.code` / `params.problem`,
 * or the message when our schema gives a code as message), their plain params kept beside it.
 */
export function schemaIssueParams(found: SchemaIssueLike, root: unknown): SchemaIssueParams {
  const issue = found as SchemaIssueLike & Record<string, unknown>;
  const params: SchemaIssueParams = { issue: issue.code, place: issue.path.map(String).join('.') };
  if (issue.code === 'invalid_type') {
    params.expected = String(issue.expected);
    params.received = typeOf(valueAt(root, issue.path));
  }
  for (const field of TEXT_FIELDS) if (typeof issue[field] === 'string') params[field] = issue[field];
  for (const field of NUMBER_FIELDS) if (typeof issue[field] === 'number' || typeof issue[field] === 'bigint') params[field] = Number(issue[field]);
  if (typeof issue.inclusive === 'boolean') params.inclusive = issue.inclusive ? 1 : 0;
  if (Array.isArray(issue.values)) params.values = issue.values.map(String);
  if (Array.isArray(issue.keys)) params.keys = issue.keys.map(String);
  if (issue.code === 'custom') {
    const own = (typeof issue.params === 'object' && issue.params !== null ? issue.params : {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(own)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
      else if (Array.isArray(value)) params[name] = value.map(String);
    }
    params.customCode = typeof own.code === 'string' ? own.code : typeof own.problem === 'string' ? own.problem : issue.message;
  }
  return params;
}
