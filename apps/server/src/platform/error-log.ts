import { DrizzleQueryError } from 'drizzle-orm';

/**
 * The logger's `err` serializer: what a log line keeps of an error. A failed SQL statement is
 * logged by its name (verb and table) and PostgreSQL's code, constraint, table and column — never
 * its parameters (buyer phones, addresses) nor PostgreSQL's message, which may quote a value.
 * Other errors keep their kind, message and stack.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function loggableError(err: Error): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const query = queryErrorIn(err);
  if (query) {
    const pg = (query.cause ?? {}) as Record<string, unknown>;
    return {
      type: err.name,
      message: 'database statement failed',
      statement: statementName(query.query),
      ...pick(pg, ['code', 'severity', 'routine', 'constraint', 'table', 'column']),
      stack: stackFrames(err.stack),
    };
  }
  if (isPgError(err)) return { type: err.name, message: 'database statement failed', ...pick(err, ['code', 'severity', 'routine', 'constraint', 'table', 'column']), stack: stackFrames(err.stack) };
  return { type: err.name, message: err.message, stack: err.stack ?? '', ...(err.cause instanceof Error ? { cause: loggableError(err.cause) } : {}) };
}

/** The failed query in an error or its causes. */
function queryErrorIn(err: Error): DrizzleQueryError | null {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DrizzleQueryError) return e;
  }
  return null;
}

/** An error of the pg driver or PGlite: an SQLSTATE code and a severity. */
function isPgError(err: Error): boolean {
  const e = err as Error & { code?: unknown; severity?: unknown };
  return typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';
}

/** `insert orders`, `select merchants`…: the verb and the first table of a statement. */
export function statementName(sqlText: string): string {
  const verb = /^\s*(\w+)/.exec(sqlText)?.[1]?.toLowerCase() ?? 'sql';
  const table = /\b(?:from|into|update|join)\s+("?[\w.]+"?)/i.exec(sqlText)?.[1]?.replaceAll('"', '');
  return table ? `${verb} ${table}` : verb;
}

/** The `at …` lines of a stack, without its first line (the message, which may hold values). */
function stackFrames(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
}

function pick(o: object, keys: string[]): Record<string, unknown> {
  const rec = o as Record<string, unknown>;
  return Object.fromEntries(keys.filter((k) => rec[k] !== undefined && rec[k] !== null).map((k) => [k, rec[k]]));
}
