// Runs s3rver in a process of its own, started by s3-server.ts with --openssl-legacy-provider:
// s3rver encrypts ListObjectsV2 continuation tokens with DES, which Node's OpenSSL 3 only offers
// through the legacy provider (without it every listing past 1000 keys is an InternalError).
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

const [directory, extraKeys = '[]'] = process.argv.slice(2);
for (const [accessKeyId, secretAccessKey] of JSON.parse(extraKeys)) {
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
}
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
const { port } = await server.run();
process.send?.({ port });
// The test process going away (even killed) takes the server with it.
process.on('disconnect', () => process.exit(0));
