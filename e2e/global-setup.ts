import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from './server';

/** One real server for the whole run; specs read its URL from E2E_BASE_URL. */
export default async function globalSetup() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before `npm run test:e2e`.');
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_LOG_FILE = server.logFile;
  if (server.databaseUrl) process.env.E2E_DATABASE_URL = server.databaseUrl;
  return async () => server.stop();
}
