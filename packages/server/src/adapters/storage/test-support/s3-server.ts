import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** The access key pair s3rver accepts out of the box. */
export const S3RVER_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const LAUNCHER = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/**
 * A real S3-compatible server (s3rver) in a child process on 127.0.0.1, a free port and a temp
 * directory. s3rver checks access key ids but not SigV4 signatures, so a wrong secret goes unseen.
 */
export async function startS3Server(options: { extraKeys?: Array<[string, string]> } = {}) {
  const directory = await mkdtemp(join(tmpdir(), 'repobundle-s3rver-'));
  const child = fork(LAUNCHER, [directory, JSON.stringify(options.extraKeys ?? [])], {
    execArgv: ['--openssl-legacy-provider', '--no-deprecation'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number }));
    child.once('exit', (code) => reject(new Error(`s3rver exited early (code ${code})`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    /** Creates a bucket through the S3 API itself. */
    async createBucket(bucket: string) {
      const client = new S3Client({
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3RVER_KEY,
      });
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      client.destroy();
    },
    /** Kills the server (as a crash would) and removes its files. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
