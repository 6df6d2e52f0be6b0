// `npm run backup [-- <folder>]`: a consistent copy of the embedded store (PGlite database, uploaded
// files, secret key) of DATA_DIR into a new folder (default backups/gemqc-<time>), while the app
// runs or not. PostgreSQL: pg_dump (README "Backup and restore").
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { backupEmbedded } from '../apps/server/src/platform/backup';

const config = loadConfig(process.env);
if (config.databaseUrl) {
  console.error('[backup] DATABASE_URL is set: back PostgreSQL up with pg_dump -Fc, and the files store as README "Backup and restore" says.');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(process.argv[2] ?? path.join(config.dataDir, '..', 'backups', `gemqc-${stamp}`));
try {
  const m = await backupEmbedded({ dataDir: config.dataDir, out });
  console.log(`[backup] ${out}: database ${(m.db.bytes / 1048576).toFixed(1)} MB (taken by the ${m.db.taken_by}), ${m.files.count} files ${(m.files.bytes / 1048576).toFixed(1)} MB${m.secret_key ? ', secret.key' : ''}`);
  if (config.storage.kind === 's3') console.log('[backup] STORAGE=s3: the uploaded files live in the bucket; keep it versioned or copy it (README "Backup and restore").');
} catch (err) {
  console.error(`[backup] ${(err as Error).message}`);
  process.exit(1);
}
