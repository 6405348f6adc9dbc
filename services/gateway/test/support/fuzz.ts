/**
 * Hostile variants of a route's inputs, derived from the OpenAPI document alone, so a route added later is
 * fuzzed without anyone writing a test for it. Deterministic: the same document gives the same requests.
 */

export interface OpenApiSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  items?: OpenApiSchema;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  $ref?: string;
  allOf?: OpenApiSchema[];
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  maxLength?: number;
  example?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

interface OpenApiOperation {
  parameters?: { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema?: OpenApiSchema }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

export interface Route {
  method: string;
  /** The path as the gateway serves it, `/prod-api` prefix removed; `{name}` marks a path parameter. */
  path: string;
  query: Record<string, OpenApiSchema>;
  pathParams: string[];
  /** The JSON body's schema, resolved; null when the route takes no JSON body. */
  body: OpenApiSchema | null;
  multipart: boolean;
}

/** A request to send: `raw` and `contentType` replace the JSON body when set. */
export interface FuzzRequest {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** The one input this variant makes hostile, with the schema it should meet. */
  target?: { schema: OpenApiSchema; value: unknown };
  /** Set by the caller: whether the reply must be a refusal (non-zero code). */
  refuse?: boolean;
}

/** The list sent to an array field that declares no maxItems: any real list is far shorter. */
const LIST_WITHOUT_MAX = 100_000;

/** An id no row has: a variant that leaves the other fields valid changes nothing that exists. */
export const ABSENT_ID = 2_147_480_000;

export function routesOf(doc: OpenApiDocument, prefix = '/prod-api'): Route[] {
  const resolve = (s: OpenApiSchema | undefined, depth = 0): OpenApiSchema | null => {
    if (!s || depth > 8) return null;
    if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!], depth + 1);
    if (s.allOf) {
      const parts = s.allOf.map((p) => resolve(p, depth + 1)).filter((p): p is OpenApiSchema => !!p);
      return { type: 'object', properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required ?? []) };
    }
    if (s.properties) return { ...s, properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, resolve(v, depth + 1) ?? v])) };
    if (s.items) return { ...s, items: resolve(s.items, depth + 1) ?? s.items };
    return s;
  };
  const routes: Route[] = [];
  for (const [fullPath, ops] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith(prefix)) continue;
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path: fullPath.slice(prefix.length),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, resolve(p.schema) ?? {}])),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: content['application/json'] ? resolve(content['application/json'].schema) : null,
        multipart: !!content['multipart/form-data'],
      });
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** A plausible value of a schema: the base every variant starts from. */
export function sample(s: OpenApiSchema | undefined, name = ''): unknown {
  if (!s) return 'fuzz';
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return /id$/i.test(name) ? ABSENT_ID : Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1, 1));
    case 'boolean':
      return false;
    case 'array':
      return [sample(s.items, name.replace(/s$/, ''))];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    default:
      return s.format === 'date-time' ? '2026-01-01T00:00:00.000Z' : 'fuzz';
  }
}

/** The shortest value of a schema's type, for lists too long to hold plausible entries. */
function smallest(s: OpenApiSchema | undefined): unknown {
  if (s?.enum?.length) return s.enum[0];
  return s?.type === 'integer' || s?.type === 'number' ? 1 : s?.type === 'string' ? 'x' : s?.type === 'boolean' ? false : {};
}

/** Hostile values for one field, whatever its type. */
export const HOSTILE_VALUES: [string, unknown][] = [
  ['wrong type: number', 42],
  ['wrong type: string', 'not-a-number'],
  ['wrong type: boolean', true],
  ['null', null],
  ['empty string', ''],
  ['empty object', {}],
  ['array for a value', ['a', 1]],
  ['object for a value', { a: 1 }],
  ['huge string', 'x'.repeat(200_000)],
  ['NUL character', 'a\u0000b'],
  ['control characters', '\u0001\u0007\u001b[31m\u007f'],
  ['unpaired surrogate', '\ud800x'],
  ['int4 overflow', 2_147_483_648],
  ['negative', -1],
  ['huge integer', 1e20],
  ['largest double', 1e308],
  ['fraction', 1.5],
  ['numeric string overflow', '99999999999999999999'],
  ['deep nesting', nest(400)],
  ['prototype key', JSON.parse('{"__proto__": {"polluted": true}}')],
];

/** Hostile values for a query-string parameter (the query is text). */
export const HOSTILE_QUERY: [string, string][] = [
  ['empty', ''],
  ['NUL character', 'a\u0000b'],
  ['control characters', '\u0001\u001b'],
  ['huge', 'x'.repeat(20_000)],
  ['int4 overflow', '2147483648'],
  ['huge integer', '100000000000000000000'],
  ['negative', '-1'],
  ['fraction', '1.5'],
  ['not a number', 'NaN'],
  ['exponent', '1e308'],
  ['list', 'a&$name=b'],
  ['object syntax', '[a]=1'],
];

/** Whole-body variants: the body as a whole is wrong. */
export const HOSTILE_BODIES: { label: string; raw: string; contentType: string }[] = [
  { label: 'malformed JSON', raw: '{"a": ', contentType: 'application/json' },
  { label: 'JSON array for an object', raw: '[1, 2, 3]', contentType: 'application/json' },
  { label: 'JSON string for an object', raw: '"text"', contentType: 'application/json' },
  { label: 'JSON null', raw: 'null', contentType: 'application/json' },
  { label: 'deep nesting 3,000 levels', raw: '['.repeat(3000) + ']'.repeat(3000), contentType: 'application/json' },
  { label: 'deep object nesting', raw: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000), contentType: 'application/json' },
  { label: 'prototype pollution', raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}', contentType: 'application/json' },
  { label: 'NUL in JSON', raw: '{"name": "a\\u0000b"}', contentType: 'application/json' },
  { label: 'wrong content type', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { label: 'text body', raw: 'hello', contentType: 'text/plain' },
  { label: 'multipart without a boundary', raw: '--x\r\n', contentType: 'multipart/form-data' },
  { label: 'broken multipart', raw: '--b\r\nContent-Disposition: form-data; name="file"; filename="x.pdf\u0000.html"\r\n\r\nabc\r\n--b--', contentType: 'multipart/form-data; boundary=b' },
];

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

const fill = (path: string, params: string[], value: string) => params.reduce((p, name) => p.replace(`{${name}}`, encodeURIComponent(value)), path);

function withQuery(path: string, query: Record<string, string>): string {
  const qs = Object.entries(query)
    .map(([k, v]) => (v.includes(`&$name=`) ? `${k}=${v.replace('$name', k)}` : v.startsWith('[') ? `${k}${v}` : `${k}=${encodeURIComponent(v)}`))
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

/** Every hostile request for one route: each field and query parameter in turn, then the whole body. */
export function variantsOf(route: Route): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const path = fill(route.path, route.pathParams, String(ABSENT_ID));
  const baseQuery = Object.fromEntries(Object.entries(route.query).map(([k, s]) => [k, String(sample(s, k))]));
  const baseBody = route.body ? (sample(route.body) as Record<string, unknown>) : undefined;
  const send = (label: string, query: Record<string, string>, body: unknown, target?: FuzzRequest['target']) =>
    out.push({ label, method: route.method, path: withQuery(path, query), body, target });

  send('plausible values', baseQuery, baseBody);
  for (const name of route.pathParams) {
    for (const [label, value] of HOSTILE_QUERY) {
      const p = fill(route.path, [name], value).replace(/\{\w+\}/g, String(ABSENT_ID));
      out.push({ label: `path ${name}: ${label}`, method: route.method, path: withQuery(p, baseQuery), body: baseBody, target: { schema: { type: 'string' }, value } });
    }
  }
  for (const [name, schema] of Object.entries(route.query)) {
    for (const [label, value] of HOSTILE_QUERY) send(`query ${name}: ${label}`, { ...baseQuery, [name]: value }, baseBody, { schema, value: queryValue(schema, value) });
  }
  if (route.body) {
    for (const [name, schema] of Object.entries(route.body.properties ?? {})) {
      for (const [label, value] of HOSTILE_VALUES) send(`body ${name}: ${label}`, baseQuery, { ...baseBody, [name]: value }, { schema, value });
    }
    send('body with an unknown field', baseQuery, { ...baseBody, fuzzUnknown: 1 }, { schema: { type: 'never' }, value: 1 });
    send('body with a 100 KB unknown field name', baseQuery, { ...baseBody, ['k'.repeat(100_000)]: 1 }, { schema: { type: 'never' }, value: 1 });
    // One entry more than a list declares (100,000 where it declares no maximum): no list field may take it.
    for (const [name, schema] of Object.entries(route.body.properties ?? {})) {
      if (schema.type !== 'array') continue;
      const length = (schema.maxItems ?? LIST_WITHOUT_MAX - 1) + 1;
      // Plausible entries while the list stays well under the body limit (a larger body is refused before validation).
      const plausible = sample(schema.items, name.replace(/s$/, ''));
      const entry = JSON.stringify(plausible).length * length < 500_000 ? plausible : smallest(schema.items);
      const list = Array.from({ length }, () => entry);
      send(`body ${name}: one entry over maxItems (${list.length})`, baseQuery, { ...baseBody, [name]: list }, { schema: { type: 'never' }, value: list });
    }
  }
  if (route.method !== 'GET') {
    for (const b of HOSTILE_BODIES) out.push({ label: b.label, method: route.method, path: withQuery(path, baseQuery), raw: b.raw, contentType: b.contentType });
  }
  return out;
}

/** What a query value means to a field of `schema` (the query string is text; the gateway converts numbers). */
function queryValue(schema: OpenApiSchema, value: string): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

const INT4_MAX = 2_147_483_647;
/** NUL and the C0 controls other than tab, line feed and carriage return: never text anyone means. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Whether no field could accept this variant, so the gateway must refuse it: a whole body that is wrong, a value
 * of the wrong type, an integer beyond a 32-bit column, control characters in text, or nesting no field has.
 * Values some fields may take (empty, null, negative where no minimum is declared, long text) only must not fail.
 */
export function mustRefuse(route: Route, req: FuzzRequest): boolean {
  if (req.raw !== undefined) {
    // A route that takes no body ignores one; a multipart form where JSON is expected reads as no body at all.
    if (!route.body && !route.multipart) return false;
    if (req.contentType?.startsWith('multipart/')) return route.multipart || hasRequired(route.body);
    return true;
  }
  if (!req.target) return false;
  const { schema, value } = req.target;
  if (schema.type === 'never') return true;
  // An empty query parameter means "no filter"; an empty number in a body is wrong.
  if (value === null || value === '') return value === '' && req.label.startsWith('body') && (schema.type === 'integer' || schema.type === 'number');
  if (!schema.type) return false;
  if (typeof value === 'string') return CONTROL.test(value) || ['integer', 'number', 'boolean', 'array', 'object'].includes(schema.type ?? '');
  if (typeof value === 'number') {
    if (schema.type === 'integer') return !Number.isInteger(value) || Math.abs(value) > INT4_MAX || (schema.minimum !== undefined && value < schema.minimum);
    if (schema.type === 'number') return Math.abs(value) > INT4_MAX || (schema.minimum !== undefined && value < schema.minimum);
    return true;
  }
  if (typeof value === 'boolean') return schema.type !== 'boolean';
  if (Array.isArray(value)) return schema.type !== 'array' || Array.isArray(value[0]) || !!schema.items?.type;
  return schema.type !== 'object' || Object.keys(value as object).length > 0;
}

const hasRequired = (s: OpenApiSchema | null) => !!s?.required?.length;
