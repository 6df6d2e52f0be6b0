import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDemo } from './seed';

/** `npm run seed`: migrate and seed the demo data into an empty database (the server must be stopped when it uses PGlite). */
const config = loadConfig(process.env, { persistSecret: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.dbDir, poolSize: 2 });
try {
  const seeded = await seedDemo(database);
  console.log(seeded ? 'Demo data seeded.' : 'The database already has accounts: nothing seeded (use a fresh DATA_DIR or database to reseed).');
} finally {
  await database.close();
}
