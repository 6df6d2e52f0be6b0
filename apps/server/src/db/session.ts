/** One connection's raw SQL (Database.withSession); its own file so migrate.ts needs nothing of client.ts. */
export interface RawSession {
  exec(sqlText: string): Promise<void>;
  query<R = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<R[]>;
}
