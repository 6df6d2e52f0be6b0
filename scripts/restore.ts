// `npm run restore -- <backup folder>`: the backup into DATA_DIR, which must hold no database yet
// (a new instance: stop the server and move the old DATA_DIR away first). Then `npm start`.
import { loadConfig } from '../apps/server/src/config';
import { restoreEmbedded } from '../apps/server/src/platform/backup';

const from = process.argv[2];
if (!from) {
  console.error('[restore] Usage: npm run restore -- <backup folder>   (restores into DATA_DIR, which must be new)');
  process.exit(1);
}
const config = loadConfig(process.env);
try {
  const m = await restoreEmbedded({ from, dataDir: config.dataDir });
  console.log(`[restore] ${from} → ${config.dataDir}: the database of ${m.created_at} and ${m.files.count} files. Start the server with npm start.`);
} catch (err) {
  console.error(`[restore] ${(err as Error).message}`);
  process.exit(1);
}
