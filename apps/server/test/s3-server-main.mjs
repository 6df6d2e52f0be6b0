// The local S3 server of the tests, in a process of its own (s3-server.ts starts it with
// --openssl-legacy-provider: s3rver's ListObjectsV2 continuation tokens use DES, which OpenSSL 3
// keeps in its legacy provider). Prints {"port": n} once it listens; stops on SIGTERM.
//   node --openssl-legacy-provider s3-server-main.mjs <directory> <bucket>
import S3rver from '@20minutes/s3rver';

const [directory, bucket] = process.argv.slice(2);
// allowMismatchedSignatures: s3rver builds the canonical path of a bucket-level request
// (ListObjectsV2) as `/bucket` where AWS SDK v3 signs `/bucket/`, so it would refuse every
// listing; it still answers only its known access key (S3RVER/S3RVER).
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, allowMismatchedSignatures: true, directory, configureBuckets: [{ name: bucket }] });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.once('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});
