import { describe, expect, it } from 'vitest';
import { createStorage } from './create-storage.js';
import { StorageConfigError } from './object-storage.js';
import { parseStorageUrl } from './s3-url.js';

describe('parseStorageUrl', () => {
  it('reads bucket, prefix, endpoint, region, path style and decoded credentials', () => {
    expect(
      parseStorageUrl(
        's3://AKID%2F1:se%2Fcr%2Bet@my-bucket/tenant/a/?endpoint=http://127.0.0.1:4569/&region=eu-west-1&force_path_style=false',
      ),
    ).toEqual({
      bucket: 'my-bucket',
      prefix: 'tenant/a/',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: { accessKeyId: 'AKID/1', secretAccessKey: 'se/cr+et' },
    });
  });

  it('defaults to us-east-1, no prefix, the SDK credential chain and path style for endpoints', () => {
    expect(parseStorageUrl('s3://bucket.example')).toEqual({
      bucket: 'bucket.example',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: null,
    });
    expect(parseStorageUrl('s3://b12?endpoint=https://minio.local:9000').forcePathStyle).toBe(true);
  });

  it.each([
    ['http://bucket', 'must start with s3://'],
    ['not a url', 'is not a URL'],
    ['s3://Upper_Case', 'is not a valid bucket name'],
    ['s3://ab', 'is not a valid bucket name'],
    ['s3://bucket:9000', 'takes no port'],
    ['s3://bucket?endpoint=ftp://x', 'endpoint must start with http:// or https://'],
    ['s3://bucket?endpoint=nope', 'endpoint "nope" is not a URL'],
    ['s3://bucket?region=us east', 'region "us east" is not valid'],
    ['s3://bucket?force_path_style=maybe', 'force_path_style must be true or false'],
    ['s3://bucket?acl=public', 'unknown parameter "acl"'],
    ['s3://bucket/a%5Cb', 'prefix "a\\b" is not valid: it contains a backslash'],
    ['s3://bucket/a//b', 'prefix "a//b" is not valid'],
    ['s3://KEYONLY@bucket', 'credentials must be both KEY and SECRET'],
    ['s3://KEY:%E0%A4%A@bucket', 'the secret key is not valid percent-encoding'],
    ['s3://bucket#x', 'takes no #fragment'],
  ])('refuses %s', (value, message) => {
    const error = (() => {
      try {
        parseStorageUrl(value);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StorageConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message.startsWith('STORAGE_URL: ')).toBe(true);
  });

  it('never repeats the secret in an error', () => {
    expect(() => parseStorageUrl('s3://KEY:TOPSECRET@bucket?bad=1')).toThrow(/^(?!.*TOPSECRET)/s);
  });

  it('is what createStorage uses when STORAGE_URL is set', () => {
    expect(createStorage({ dataDir: '/d', storageUrl: null }).kind).toBe('local');
    expect(createStorage({ dataDir: '/d', storageUrl: 's3://bucket' }).kind).toBe('s3');
    expect(() => createStorage({ dataDir: '/d', storageUrl: 's3://b' })).toThrow(
      StorageConfigError,
    );
  });
});
