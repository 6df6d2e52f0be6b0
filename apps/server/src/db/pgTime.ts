/**
 * A timestamptz as PostgreSQL writes it in text (DateStyle ISO, as both drivers hand it to Drizzle:
 * `2026-11-20 10:11:12.345678+00`) as the API writes times (`Date.prototype.toISOString`:
 * `2026-11-20T10:11:12.345Z`, milliseconds truncated as Date truncates them). A UTC session's
 * text is rewritten in place — a Date and its toISOString cost some 1.5 µs per time, three per
 * order on a list page; any other offset or era goes through Date.
 */
export function pgTimeToIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const s = String(value);
  const n = s.length;
  const utc = n >= 22 && s.endsWith('+00') && s.charCodeAt(4) === 45 /* - */ && s.charCodeAt(10) === 32 /* space */;
  if (utc && (n === 22 || (n <= 29 && s.charCodeAt(19) === 46) /* . */)) {
    const millis = n === 22 ? '000' : (s.slice(20, n - 3) + '00').slice(0, 3);
    return `${s.slice(0, 10)}T${s.slice(11, 19)}.${millis}Z`;
  }
  return new Date(s).toISOString();
}
