/** One connection of a database, held for several calls (session-level locks hold across them). */
export interface RawSession {
  exec(sqlText: string): Promise<void>;
  query<R = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<R[]>;
}

/** What can lend a session: a Database (client.ts); migrate.ts needs no more, so it need not import client.ts. */
export interface SessionSource {
  withSession<T>(fn: (session: RawSession) => Promise<T>): Promise<T>;
}
