/**
 * Malformed values by kind, as a client can send them: each is the raw JSON text it takes in a body
 * and the text it takes in a path or a query. The stage picks one value per kind and field in turn
 * (not the cross product), so every kind reaches every field while the run stays short.
 */
export interface Malformed {
  kind: FieldKind;
  /** What it looks like in a report. */
  label: string;
  /** As a JSON body value (raw JSON text, so numbers JSON.stringify cannot write — 2^64 — travel exactly). */
  json: string;
  /** As a query string: `name` → `name=…&…` (arrays and objects in the bracket format). */
  query: (name: string) => string;
  /** As a path segment (already encoded). */
  path: string;
}

const ONE_MEGABYTE = 1024 * 1024;
const DEEP = 10_000;

const text = (kind: FieldKind, label: string, value: string): Malformed => ({
  kind,
  label,
  json: JSON.stringify(value),
  query: (name) => `${name}=${encodeURIComponent(value)}`,
  path: encodeURIComponent(value),
});

const numeric = (label: string, raw: string): Malformed => ({
  kind: 'oversizedNumber',
  label,
  json: raw,
  query: (name) => `${name}=${encodeURIComponent(raw)}`,
  path: encodeURIComponent(raw),
});

// Built once: a megabyte string and ten thousand nested arrays are costly to write per request.
const BIG = 'x'.repeat(ONE_MEGABYTE);
const NESTED = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

export const FIELD_KINDS = ['impossibleDate', 'nul', 'oversizedString', 'oversizedNumber', 'wrongType', 'deepNesting', 'yamlAlias', 'invalidUuid'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const FIELD_VALUES: Record<FieldKind, readonly Malformed[]> = {
  impossibleDate: [
    text('impossibleDate', '2026-13-45', '2026-13-45'),
    text('impossibleDate', '0000-00-00', '0000-00-00'),
    text('impossibleDate', '0000-01-01T00:00:00Z', '0000-01-01T00:00:00Z'),
    text('impossibleDate', '2026-02-30T25:61:00Z', '2026-02-30T25:61:00Z'),
  ],
  nul: [text('nul', 'a\\0b', 'a\u0000b'), text('nul', '\\0', '\u0000')],
  oversizedString: [text('oversizedString', '1 MB', BIG)],
  oversizedNumber: [numeric('1e308', '1e308'), numeric('-1', '-1'), { ...text('oversizedNumber', '"NaN"', 'NaN') }, numeric('2^64', '18446744073709551616')],
  wrongType: [
    { kind: 'wrongType', label: 'object', json: '{"fuzz":1}', query: (name) => `${name}[fuzz]=1`, path: encodeURIComponent('{"fuzz":1}') },
    { kind: 'wrongType', label: 'array', json: '[1,2]', query: (name) => `${name}=1&${name}=2`, path: '1,2' },
    { kind: 'wrongType', label: 'true', json: 'true', query: (name) => `${name}[]=true`, path: 'true' },
  ],
  deepNesting: [
    {
      kind: 'deepNesting',
      label: `${DEEP} nested arrays`,
      json: NESTED,
      query: (name) => `${name}${'[]'.repeat(DEEP)}=1&${name}${'[]'.repeat(4)}=1`,
      path: encodeURIComponent(NESTED.slice(0, 2000)),
    },
  ],
  yamlAlias: [
    text('yamlAlias', 'alias', 'settings: &s {}\nnlu: *s\n'),
    text('yamlAlias', 'billion laughs', 'a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n'),
  ],
  invalidUuid: [
    text('invalidUuid', 'not-a-uuid', 'not-a-uuid'),
    text('invalidUuid', 'uuid with g', 'ffffffff-ffff-4fff-8fff-fffffffffffg'),
    text('invalidUuid', 'path escape', '../../etc/passwd'),
    text('invalidUuid', 'quote', "x' OR '1'='1"),
  ],
};

export const BODY_KINDS = ['emptyJsonBody', 'invalidJson', 'multipartWithoutBoundary', 'deepBody', 'wrongBodyType'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

export interface MalformedBody {
  kind: BodyKind;
  label: string;
  contentType: string;
  payload: string;
}

const MULTIPART_PART = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.eml"\r\nContent-Type: message/rfc822\r\n\r\nSubject: hi\r\n\r\nhello\r\n--x--\r\n';

export const BODY_VALUES: Record<BodyKind, readonly MalformedBody[]> = {
  emptyJsonBody: [{ kind: 'emptyJsonBody', label: 'empty', contentType: 'application/json', payload: '' }],
  invalidJson: [
    { kind: 'invalidJson', label: '{bad', contentType: 'application/json', payload: '{"fuzz": ' },
    { kind: 'invalidJson', label: 'two documents', contentType: 'application/json', payload: '{"a":1}{"b":2}' },
  ],
  multipartWithoutBoundary: [
    { kind: 'multipartWithoutBoundary', label: 'no boundary', contentType: 'multipart/form-data', payload: MULTIPART_PART },
    { kind: 'multipartWithoutBoundary', label: 'cut short', contentType: 'multipart/form-data; boundary=x', payload: MULTIPART_PART.slice(0, 90) },
  ],
  deepBody: [{ kind: 'deepBody', label: `${DEEP} nested arrays`, contentType: 'application/json', payload: NESTED }],
  wrongBodyType: [
    { kind: 'wrongBodyType', label: 'string', contentType: 'application/json', payload: '"fuzz"' },
    { kind: 'wrongBodyType', label: 'null', contentType: 'application/json', payload: 'null' },
    { kind: 'wrongBodyType', label: '1e308', contentType: 'application/json', payload: '1e308' },
    { kind: 'wrongBodyType', label: 'array', contentType: 'application/json', payload: '[]' },
    { kind: 'wrongBodyType', label: '__proto__', contentType: 'application/json', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
  ],
};
