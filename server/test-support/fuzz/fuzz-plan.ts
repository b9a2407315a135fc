/**
 * The probes of the fuzz stage, from /api/openapi.json: for every operation, every path parameter,
 * query parameter and body field (and the fields of an object field) gets every kind of malformed
 * value once, inside an otherwise valid request, sent by a caller the operation lets in; every
 * operation that may carry a body gets every kind of malformed body; and every role sends each
 * operation one of its probes (most are refused before the input is read, which is cheap and is
 * exactly the path a stranger takes).
 */
import type { FuzzCaller } from './fuzz-world';
import { FUZZ_ROLES } from './fuzz-world';
import { BODY_KINDS, BODY_VALUES, FIELD_KINDS, FIELD_VALUES, type Malformed } from './malformed-values';
import { objectSchemaOf, sampleOf, type JsonSchema } from './schema-sample';

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  body: JsonSchema | null;
  access: { kind: string; need?: string };
}

export interface Probe {
  operation: string;
  /** What was malformed: `path.envId`, `query.from`, `body.settings.name`, `body` (the whole body). */
  target: string;
  kind: string;
  label: string;
  caller: FuzzCaller;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export function operationsOf(document: { paths: Record<string, Record<string, JsonSchema>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: op.operationId as string,
      method: method.toUpperCase(),
      path,
      parameters: (op.parameters ?? []) as Operation['parameters'],
      body: ((op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json']?.schema ?? null),
      access: op['x-postroom-access'] as Operation['access'],
    })),
  );
}

/** The caller that gets furthest into an operation: past its access rule, to the handler. */
export function deepCallerOf(operation: Operation): FuzzCaller {
  switch (operation.access.kind) {
    case 'public':
      return 'anonymous';
    case 'accessKey':
      return 'program';
    case 'provider':
      return operation.access.need === 'support' ? 'support' : 'sre';
    default:
      return 'orgAdmin';
  }
}

const PLACEHOLDER = '"fuzz-placeholder-7f3a"';

function encodeQuery(entries: [string, unknown][]): string {
  return entries.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`).join('&');
}

interface Field {
  target: string;
  /** Puts a malformed value in place: the URL and the payload of the probe. */
  place: (value: Malformed) => { url: string; payload?: string };
}

function fieldsOf(operation: Operation, params: Record<string, string>): { fields: Field[]; baseline: { url: string; payload?: string } } {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pathWith = (name?: string, raw?: string) =>
    operation.path.replace(/\{([^}]+)\}/g, (_, param: string) => (param === name ? raw! : encodeURIComponent(params[param] ?? `probe-${param}`)));
  const baselineQuery = queryParams.filter((parameter) => parameter.required).map((parameter) => [parameter.name, sampleOf(parameter.schema)] as [string, unknown]);
  const queryWith = (name?: string, raw?: string) => {
    const rest = encodeQuery(baselineQuery.filter(([other]) => other !== name));
    const parts = [rest, raw].filter((part) => part !== undefined && part !== '');
    return parts.length === 0 ? '' : `?${parts.join('&')}`;
  };
  const bodySchema = operation.body;
  const baselineBody = bodySchema === null ? undefined : sampleOf(bodySchema);
  const bodyText = (value: unknown) => JSON.stringify(value);

  const fields: Field[] = [];
  for (const parameter of pathParams) {
    fields.push({ target: `path.${parameter.name}`, place: (value) => ({ url: pathWith(parameter.name, value.path) + queryWith(), payload: baselineBody === undefined ? undefined : bodyText(baselineBody) }) });
  }
  for (const parameter of queryParams) {
    fields.push({ target: `query.${parameter.name}`, place: (value) => ({ url: pathWith() + queryWith(parameter.name, value.query(parameter.name)), payload: baselineBody === undefined ? undefined : bodyText(baselineBody) }) });
  }
  const objectSchema = bodySchema === null ? null : objectSchemaOf(bodySchema);
  if (bodySchema !== null && objectSchema !== null) {
    const base = (typeof baselineBody === 'object' && baselineBody !== null && !Array.isArray(baselineBody) ? baselineBody : {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries((objectSchema.properties ?? {}) as Record<string, JsonSchema>)) {
      fields.push({ target: `body.${name}`, place: (value) => ({ url: pathWith() + queryWith(), payload: bodyText({ ...base, [name]: JSON.parse(PLACEHOLDER) }).replace(PLACEHOLDER, value.json) }) });
      // One level down: the fields of an object field (settings, metadata, a connector's options…).
      const inner = objectSchemaOf(property, bodySchema);
      if (inner === null) continue;
      const innerBase = sampleOf(inner, bodySchema);
      const innerObject = (typeof innerBase === 'object' && innerBase !== null && !Array.isArray(innerBase) ? innerBase : {}) as Record<string, unknown>;
      for (const innerName of Object.keys((inner.properties ?? {}) as Record<string, JsonSchema>)) {
        fields.push({
          target: `body.${name}.${innerName}`,
          place: (value) => ({ url: pathWith() + queryWith(), payload: bodyText({ ...base, [name]: { ...innerObject, [innerName]: JSON.parse(PLACEHOLDER) } }).replace(PLACEHOLDER, value.json) }),
        });
      }
    }
  }
  return { fields, baseline: { url: pathWith() + queryWith(), payload: baselineBody === undefined ? undefined : bodyText(baselineBody) } };
}

const MAY_CARRY_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SWEEP_ROLES = 3;

/**
 * Every probe of one operation. `turn` rotates which value of a kind a field gets, so the values of
 * each kind are spread over the fields of the whole API.
 */
export function probesOf(operation: Operation, params: Record<string, string>, headersOf: (caller: FuzzCaller) => Record<string, string>, turn: { next: number }): Probe[] {
  const deep = deepCallerOf(operation);
  const { fields, baseline } = fieldsOf(operation, params);
  const probes: Probe[] = [];
  const make = (caller: FuzzCaller, target: string, kind: string, label: string, request: { url: string; payload?: string }, contentType = 'application/json'): Probe => ({
    operation: operation.id,
    target,
    kind,
    label,
    caller,
    method: operation.method,
    url: request.url,
    headers: { ...headersOf(caller), ...(request.payload === undefined ? {} : { 'content-type': contentType }) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  for (const field of fields) {
    // The fields of an object field get one kind each, in turn: the top-level ones get them all.
    const kinds = field.target.split('.').length > 2 ? [FIELD_KINDS[turn.next % FIELD_KINDS.length]!] : FIELD_KINDS;
    for (const kind of kinds) {
      const values = FIELD_VALUES[kind];
      const value = values[turn.next++ % values.length]!;
      probes.push(make(deep, field.target, kind, value.label, field.place(value)));
    }
  }
  if (MAY_CARRY_BODY.has(operation.method)) {
    for (const kind of BODY_KINDS) {
      const values = BODY_VALUES[kind];
      const value = values[turn.next++ % values.length]!;
      probes.push(make(deep, 'body', kind, value.label, { url: baseline.url, payload: value.payload }, value.contentType));
    }
  }
  if (probes.length === 0) probes.push(make(deep, 'none', 'baseline', 'valid request', baseline));
  // Other roles send one of those probes each, SWEEP_ROLES of them per operation in turn, so every
  // role meets malformed input on dozens of operations (mostly refused before it is read).
  const others = (FUZZ_ROLES as readonly FuzzCaller[]).filter((role) => role !== deep);
  const chosen = Array.from({ length: Math.min(SWEEP_ROLES, others.length) }, (_, index) => others[(turn.next + index * 3) % others.length]!);
  const sweep = chosen.map((role, index) => {
    const probe = probes[(turn.next + index) % probes.length]!;
    const contentType = probe.headers['content-type'];
    return { ...probe, caller: role, headers: { ...headersOf(role), ...(contentType === undefined ? {} : { 'content-type': contentType }) } };
  });
  turn.next += 1;
  return [...probes, ...sweep];
}
