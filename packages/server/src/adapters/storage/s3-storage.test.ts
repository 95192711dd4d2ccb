import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorage } from './create-storage.js';
import { StorageUnavailableError } from './object-storage.js';
import { S3Storage } from './s3-storage.js';
import { parseStorageUrl } from './s3-url.js';
import { startS3Server, type S3TestServer } from './test-support/s3-server.js';
import { describeStorageContract } from './test-support/storage-contract.js';
import { readAll } from './test-support/test-bytes.js';

const urlFor = (server: S3TestServer, bucket: string, userinfo = 'S3RVER:S3RVER@', path = '') =>
  `s3://${userinfo}${bucket}${path}?endpoint=${server.endpoint}&region=us-east-1&force_path_style=true`;

describeStorageContract('s3 (s3rver)', async () => {
  const server = await startS3Server();
  await server.createBucket('contract');
  return {
    // Pages of 100 keys, so 250 objects take three ListObjectsV2 pages and DeleteObjects calls.
    storage: new S3Storage(parseStorageUrl(urlFor(server, 'contract')), { listPageSize: 100 }),
    unusable: createStorage({ dataDir: '/unused', storageUrl: urlFor(server, 'no-such-bucket') }),
    manyObjects: 250,
    teardown: () => server.stop(),
  };
});

describe('s3 storage configuration against s3rver', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server({ extraKeys: [['AKID+TEST', 'se/cr+et=key']] });
    await server.createBucket('config');
  });
  afterAll(() => server.stop());

  it('puts every key under the URL prefix', async () => {
    const scoped = createStorage({
      dataDir: '/unused',
      storageUrl: urlFor(server, 'config', undefined, '/tenant/a'),
    });
    const whole = createStorage({ dataDir: '/unused', storageUrl: urlFor(server, 'config') });
    expect(scoped.kind).toBe('s3');
    await scoped.put('jobs/1/output/chunks/chunk-0001.md', Buffer.from('# one'));
    expect(await scoped.list('jobs')).toEqual([
      { key: 'jobs/1/output/chunks/chunk-0001.md', size: 5 },
    ]);
    expect(await whole.list('tenant')).toEqual([
      { key: 'tenant/a/jobs/1/output/chunks/chunk-0001.md', size: 5 },
    ]);
    expect(await scoped.deletePrefix('jobs/1')).toBe(1);
    expect(await whole.list('tenant')).toEqual([]);
  });

  it('sends the URL-decoded access key from the userinfo', async () => {
    // s3rver knows this key (see beforeAll); undecoded, "AKID%2BTEST" would be refused.
    const storage = createStorage({
      dataDir: '/unused',
      storageUrl: urlFor(server, 'config', 'AKID%2BTEST:se%2Fcr%2Bet%3Dkey@'),
    });
    await storage.check();
    await storage.put('creds/ok.txt', Buffer.from('signed'));
    expect((await readAll(await storage.get('creds/ok.txt'))).toString()).toBe('signed');
  });

  it('falls back to the SDK credential chain (AWS_ACCESS_KEY_ID) without userinfo', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    try {
      const storage = createStorage({
        dataDir: '/unused',
        storageUrl: urlFor(server, 'config', ''),
      });
      await storage.check();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('fails check() with a clear reason for unknown credentials', async () => {
    const storage = createStorage({
      dataDir: '/unused',
      storageUrl: urlFor(server, 'config', 'NOBODY:TOPSECRET@'),
    });
    const error = await storage.check().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect((error as Error).message).toBe(
      `S3 bucket "config" at ${server.endpoint} is not usable: access denied (check the credentials)`,
    );
  });

  it('fails check() with a clear reason for a missing bucket', async () => {
    const storage = createStorage({ dataDir: '/unused', storageUrl: urlFor(server, 'missing') });
    await expect(storage.check()).rejects.toThrow(
      `S3 bucket "missing" at ${server.endpoint} is not usable: the bucket does not exist`,
    );
  });

  it('fails check() once the server is gone', async () => {
    const storage = createStorage({ dataDir: '/unused', storageUrl: urlFor(server, 'config') });
    await storage.check();
    await server.stop();
    await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
