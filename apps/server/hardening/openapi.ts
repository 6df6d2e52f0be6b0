import type { UserType } from '@gemqc/contract';
import { refKinds, type RefKind } from '@gemqc/contract';
import type { App } from '../src/app';

/** A JSON schema node of the OpenAPI document (the parts the suite reads). */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  'x-gemqc-ref'?: RefKind;
}

/** One operation of the document, with what its declaration says about who may call it. */
export interface Operation {
  method: 'GET' | 'POST';
  /** Full path, with /api. */
  url: string;
  /** `x-gemqc-auth`: 'public' or the portals that may call it. */
  auth: 'public' | UserType[];
  /** `x-gemqc-permission.anyOf`: one of these keys is needed (absent: none). */
  permission: string[] | null;
  /** Query parameters (name → schema). */
  query: { name: string; required: boolean; schema: Schema }[];
  /** JSON body schema (null: no JSON body); `rawBody` the content types of an upload route. */
  body: Schema | null;
  rawBody: string[];
  /** Every input that names a resource (`x-gemqc-ref`), by its dotted path. */
  refs: { path: string; kind: RefKind; required: boolean }[];
  /** Inputs named like an id without an `x-gemqc-ref`: the suite fails on any. */
  unmarkedIds: string[];
  /** `x-gemqc-upload`: the route takes a raw media body up to this many bytes (null: no media body). */
  uploadMaxBytes: number | null;
}

/** The portal a path belongs to (its first segment), for refs whose owner depends on it. */
export function portalOf(url: string): 'merchant' | 'center' | 'warehouse' | 'admin' | 'publics' | 'other' {
  const seg = url.split('/')[2];
  return seg === 'merchant' || seg === 'center' || seg === 'warehouse' || seg === 'admin' || seg === 'publics' ? seg : 'other';
}

const ID_NAME = /(^|_)ids?$/;

/** Whether a schema is (or may be) a string: an id input; numeric flags like status_id are not. */
function stringish(s: Schema): boolean {
  if (s.type === 'string') return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(stringish);
}

function collectRefs(s: Schema, path: string, required: boolean, op: Pick<Operation, 'refs' | 'unmarkedIds'>, name: string) {
  const kind = s['x-gemqc-ref'];
  if (kind) {
    if (!(refKinds as readonly string[]).includes(kind)) throw new Error(`${path}: unknown x-gemqc-ref ${kind}`);
    op.refs.push({ path, kind, required });
  } else if (ID_NAME.test(name) && stringish(s) && !(s.anyOf ?? []).some((b) => b['x-gemqc-ref'])) {
    op.unmarkedIds.push(path);
  }
  for (const [k, v] of Object.entries(s.properties ?? {})) collectRefs(v, path ? `${path}.${k}` : k, required && (s.required ?? []).includes(k), op, k);
  if (s.items) collectRefs(s.items, `${path}[]`, required, op, name);
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    if (b['x-gemqc-ref']) op.refs.push({ path, kind: b['x-gemqc-ref'], required });
    else if (b.properties || b.items) collectRefs(b, path, required, op, name);
  }
}

interface RawOperation {
  'x-gemqc-auth'?: 'public' | UserType[];
  'x-gemqc-permission'?: { anyOf: string[] };
  'x-gemqc-upload'?: { maxBytes: number };
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

/** Every operation of the app's OpenAPI document (the one served at /api/docs/json). */
export function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, RawOperation>> };
  const ops: Operation[] = [];
  for (const [url, methods] of Object.entries(doc.paths)) {
    for (const [m, raw] of Object.entries(methods)) {
      const method = m.toUpperCase() as 'GET' | 'POST';
      const auth = raw['x-gemqc-auth'];
      if (auth === undefined) throw new Error(`${method} ${url}: the OpenAPI operation has no x-gemqc-auth, so nobody can say who may call it`);
      const content = raw.requestBody?.content ?? {};
      const op: Operation = {
        method,
        url,
        auth,
        permission: raw['x-gemqc-permission']?.anyOf ?? null,
        query: (raw.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema })),
        body: content['application/json']?.schema ?? null,
        rawBody: Object.keys(content).filter((c) => c !== 'application/json'),
        refs: [],
        unmarkedIds: [],
        uploadMaxBytes: raw['x-gemqc-upload']?.maxBytes ?? null,
      };
      for (const q of op.query) collectRefs(q.schema, q.name, q.required, op, q.name);
      if (op.body) collectRefs(op.body, '', true, op, '');
      ops.push(op);
    }
  }
  return ops;
}
