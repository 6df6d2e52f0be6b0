// Copies the local files folder (DATA_DIR/files, or --from DIR) into the S3 bucket of the
// configuration (STORAGE=s3, S3_*), then reads every object back and checks its size and SHA-256.
//   STORAGE=s3 S3_BUCKET=... npm run storage:copy-to-s3 [-- --from ./data/files]
// Exits 1 when any object differs from its file. Run again after an interruption: objects already
// there with the same size and SHA-256 are skipped.
import { loadConfig } from '../apps/server/src/config';
import { LocalFileStorage } from '../apps/server/src/platform/storage';
import { copyStorage } from '../apps/server/src/platform/storage-copy';
import { createFileStorage } from '../apps/server/src/platform/storage-config';

const config = loadConfig(process.env, { persistSecret: false });
if (config.storage.kind !== 's3') {
  console.error('Set STORAGE=s3 and the S3_* variables of the target bucket (see the README configuration table).');
  process.exit(1);
}
const at = process.argv.indexOf('--from');
const fromDir = at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : config.filesDir;
const target = await createFileStorage(config);
let copied = 0;
let skipped = 0;
let bytes = 0;
const bad: string[] = [];
const files = await copyStorage(new LocalFileStorage(fromDir), target, {
  onFile(f) {
    bytes += f.size;
    if (f.result === 'copied') copied++;
    else if (f.result === 'skipped') skipped++;
    else bad.push(f.key);
    console.log(`${f.result.padEnd(8)} ${f.key}  ${f.size} B  sha256 ${f.sha256}`);
  },
});
console.log(`${files.length} files (${bytes} bytes) from ${fromDir} to bucket ${config.storage.bucket}: ${copied} copied, ${skipped} already there, ${bad.length} differ`);
if (bad.length) {
  console.error(`These objects differ from their files: ${bad.join(', ')}`);
  process.exit(1);
}
