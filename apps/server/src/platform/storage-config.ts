import type { Config } from '../config';
import { LocalFileStorage, type FileStorage } from './storage';

/**
 * The file store the configuration names: the local folder DATA_DIR/files (default), or an
 * S3-compatible bucket (STORAGE=s3). The AWS SDK is loaded only in the second case.
 */
export async function createFileStorage(config: Config): Promise<FileStorage> {
  const s = config.storage;
  if (s.kind === 'local') return new LocalFileStorage(config.filesDir);
  const { S3FileStorage } = await import('./storage-s3');
  return new S3FileStorage({
    bucket: s.bucket,
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
  });
}
