import fc from 'fast-check';
import type { Operation } from './openapi';

/** A request as the suite sends it: JSON (or raw text with its own content type), query strings. */
export interface BadRequest {
  /** What the case is (shown when a case fails). */
  kind: string;
  query: Record<string, string | string[]>;
  /** JSON value to send, or raw text (with `contentType`). */
  body?: unknown;
  raw?: string;
  contentType?: string;
  /** Send over a real socket (a URL too long for the HTTP parser cannot go through inject). */
  socket?: boolean;
}

/** Strings a person never types, or a server might choke on. */
const nastyStrings = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '\u0000\u0000\u0000', '\u0007\u0008\u001b[31m', '\r\n\r\nX-Injected: 1', '\uFEFF', '\u202Etxt.exe', '\uD800', '\uDFFF\uD800', '𝕳𝖆𝖗𝖉𝖊𝖓', '👨‍👩‍👧‍👦'.repeat(20), 'ﷺ'.repeat(50), '\u0000'.repeat(100)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.integer({ min: 1, max: 31 }).map((c) => `x${String.fromCharCode(c)}y`),
  fc.integer({ min: 300, max: 70_000 }).map((n) => '长'.repeat(n)),
  fc.integer({ min: 1000, max: 70_000 }).map((n) => 'A'.repeat(n)),
  fc.constantFrom("' OR 1=1 --", '"; DROP TABLE accounts; --', '${7*7}', '{{7*7}}', '../../../../etc/passwd', '<script>alert(1)</script>', '=cmd|"/c calc"!A1'),
);

/** Dates and times a calendar does not have, or formats that look close. */
const impossibleDates = fc.constantFrom('2026-02-30', '2026-02-29', '2025-13-01', '2026-00-10', '0000-00-00', '9999-99-99', '2026-04-31', '2026-1-5', '2026-02-30T25:61:61Z', '2026-13', '2026-00', '99999-01-01', '-2026-01-01', '2026-01-01T00:00:00+99:00', 'NaN-NaN-NaN', '1e400');

const hugeNumbers = fc.constantFrom(-1, -0, -2147483649, 2147483648, -(2 ** 53) - 2, 2 ** 53 + 2, 1e21, -1e308, 1e308, 0.5, -0.000001, 1e29);

/** A value of the wrong kind for any field. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyStrings },
  { weight: 2, arbitrary: impossibleDates },
  { weight: 2, arbitrary: hugeNumbers },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 4 }), { minLength: 1000, maxLength: 1001 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant({ __proto__: { polluted: 'yes' } }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}')) },
);

/** What a query string can carry: text, or the same parameter repeated (an array). */
const badQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { weight: 5, arbitrary: badValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined')) },
  { weight: 1, arbitrary: fc.array(nastyStrings, { minLength: 2, maxLength: 4 }) },
);

const invalidJson = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', '{"id": 1,}', "{'id': 1}", 'null', 'true', '123', '"text"', '[]', '{"id":"1"}{"id":"2"}', '\u0000', '{"__proto__":{"polluted":"yes"}}', '{"a":' + '['.repeat(5000)),
  fc.string({ maxLength: 60 }),
  fc.integer({ min: 1000, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
);

const wrongContentTypes = fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/octet-stream', 'image/png', 'application/vnd.api+json', '');

/** The top-level input names of an operation (query parameters or body properties). */
function fieldsOf(op: Operation): string[] {
  if (op.method === 'GET') return op.query.map((q) => q.name);
  return [...Object.keys(op.body?.properties ?? {}), ...op.query.map((q) => `?${q.name}`)];
}

/**
 * Bad requests for one operation, starting from a valid one: one field replaced by a bad value,
 * a field added (prototype keys, unknown names), the whole body or query replaced, broken JSON,
 * the wrong content type, or a URL far over what an HTTP server accepts.
 */
export function badRequests(op: Operation, valid: { query: Record<string, string>; body: unknown }): fc.Arbitrary<BadRequest> {
  const fields = fieldsOf(op);
  const validBody = (valid.body ?? {}) as Record<string, unknown>;
  const oneField = fields.length
    ? fc.tuple(fc.constantFrom(...fields), badValue, badQueryValue).map(([f, v, qv]): BadRequest => {
        if (f.startsWith('?') || op.method === 'GET') {
          const name = f.replace(/^\?/, '');
          return { kind: `query ${name}`, query: { ...valid.query, [name]: qv }, body: op.method === 'POST' ? validBody : undefined };
        }
        return { kind: `body ${f}`, query: valid.query, body: { ...validBody, [f]: v } };
      })
    : null;
  const extraField = fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x'.repeat(300), '\u0000'), badValue).map(([k, v]): BadRequest => {
    if (op.method === 'GET') return { kind: `extra query ${k.slice(0, 20)}`, query: { ...valid.query, [k]: typeof v === 'string' ? v : JSON.stringify(v) ?? '' } };
    const body = JSON.parse(JSON.stringify(validBody)) as Record<string, unknown>;
    Object.defineProperty(body, k, { value: v, enumerable: true, configurable: true, writable: true });
    return { kind: `extra body ${k.slice(0, 20)}`, query: valid.query, body };
  });
  const wholeBody = badValue.map((v): BadRequest => ({ kind: 'whole body', query: valid.query, body: v }));
  const brokenJson = invalidJson.map((raw): BadRequest => ({ kind: 'invalid JSON', query: valid.query, raw, contentType: 'application/json' }));
  const wrongType = fc.tuple(wrongContentTypes, fc.oneof(fc.constant(JSON.stringify(validBody)), fc.string({ maxLength: 40 }))).map(
    ([contentType, raw]): BadRequest => ({ kind: `content type ${contentType}`, query: valid.query, raw, contentType }),
  );
  const allQuery = fc.dictionary(fc.constantFrom(...(op.query.length ? op.query.map((q) => q.name) : ['q'])), badQueryValue, { maxKeys: 4 }).map(
    (query): BadRequest => ({ kind: 'every query value bad', query, body: op.method === 'POST' ? validBody : undefined }),
  );
  const longUrl = fc.integer({ min: 17_000, max: 70_000 }).map((n): BadRequest => ({ kind: `URL of ${n} bytes`, query: { ...valid.query, pad: 'a'.repeat(n) }, body: op.method === 'POST' ? validBody : undefined, socket: true }));

  const cases: { weight: number; arbitrary: fc.Arbitrary<BadRequest> }[] = [
    { weight: 1, arbitrary: extraField },
    { weight: 1, arbitrary: allQuery },
    { weight: 1, arbitrary: longUrl },
  ];
  if (oneField) cases.push({ weight: 6, arbitrary: oneField });
  if (op.method === 'POST') cases.push({ weight: 2, arbitrary: wholeBody }, { weight: 2, arbitrary: brokenJson }, { weight: 1, arbitrary: wrongType });
  return fc.oneof(...cases);
}

/** Whether a message is one a person can read: Chinese, not empty, not a stack, not a default of a library. */
export function readableMessage(msg: unknown): boolean {
  if (typeof msg !== 'string' || !msg.trim()) return false;
  if (/\n\s+at\s|Error:|TypeError|undefined|null|\[object |ZodError|Invalid input|Expected |Required|must be|FST_|ERR_/.test(msg)) return false;
  return /[\u4e00-\u9fff]/.test(msg);
}
