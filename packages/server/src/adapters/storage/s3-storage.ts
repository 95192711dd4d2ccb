import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  StorageNotFoundError,
  StorageUnavailableError,
  type ObjectStorage,
} from './object-storage.js';
import { countingStream } from './object-streams.js';
import type { S3Location } from './s3-url.js';
import { assertValidKey, compareKeys, toFolderPrefix } from './storage-key.js';

// Upload buffers at most QUEUE_SIZE parts of PART_SIZE bytes (20 MiB) whatever the object's size.
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;
// ListObjectsV2 pages and DeleteObjects batches both hold at most 1000 keys.
const MAX_PAGE = 1000;

interface S3ErrorShape {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3ErrorShape).$metadata?.httpStatusCode;
const isNotFound = (error: unknown) =>
  ['NoSuchKey', 'NotFound'].includes((error as S3ErrorShape).name ?? '') || statusOf(error) === 404;

/** Objects in an S3-compatible bucket, under the STORAGE_URL's prefix. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly pageSize: number;

  /** `listPageSize` (<= 1000) lets tests cross page boundaries with few objects. */
  constructor(
    private readonly location: S3Location,
    options: { listPageSize?: number } = {},
  ) {
    this.pageSize = Math.min(MAX_PAGE, options.listPageSize ?? MAX_PAGE);
    this.client = new S3Client({
      region: location.region,
      ...(location.endpoint ? { endpoint: location.endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      ...(location.credentials ? { credentials: location.credentials } : {}),
      followRegionRedirects: true,
      // AWS gets the SDK's default CRC32 checksums. Several S3-compatible servers refuse those
      // headers (R2 answered 501 to x-amz-checksum-crc32, aws-sdk-js-v3#6810), so with a custom
      // endpoint checksums are sent only where the API requires them.
      ...(location.endpoint
        ? {
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      // A dead endpoint fails the readiness probe in seconds instead of hanging it.
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  async put(
    key: string,
    body: Readable | Uint8Array,
    options: { contentType?: string } = {},
  ): Promise<{ size: number }> {
    const counter = { bytes: 0 };
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.location.bucket,
        Key: this.keyOf(key),
        Body: body instanceof Uint8Array ? body : countingStream(body, counter),
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // Aborted below instead: lib-storage would throw the abort's failure over the real error.
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      if (upload.uploadId) await this.abortUpload(key, upload.uploadId);
      throw error;
    }
    return { size: body instanceof Uint8Array ? body.byteLength : counter.bytes };
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }),
      );
      if (!(out.Body instanceof Readable)) throw new Error(`S3 returned no stream for "${key}"`);
      return out.Body;
    } catch (error) {
      throw isNotFound(error) ? new StorageNotFoundError(key) : error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }),
      );
      return { size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async list(prefix: string): Promise<Array<{ key: string; size: number }>> {
    const objects: Array<{ key: string; size: number }> = [];
    for await (const page of this.pages(toFolderPrefix(prefix, true))) {
      for (const object of page) objects.push(object);
    }
    return objects.sort(compareKeys);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.keyOf(key) }),
    );
  }

  async deletePrefix(prefix: string): Promise<number> {
    let removed = 0;
    // A listed page is never over 1000 keys, so it is exactly one DeleteObjects batch.
    for await (const page of this.pages(toFolderPrefix(prefix, false))) {
      if (page.length === 0) continue;
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.location.bucket,
          Delete: {
            Objects: page.map((object) => ({ Key: this.location.prefix + object.key })),
            Quiet: true,
          },
        }),
      );
      const failed = out.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `S3 refused to delete ${failed.length} object(s), first "${first?.Key}": ${first?.Code} ${first?.Message}`,
        );
      }
      removed += page.length;
    }
    return removed;
  }

  async copy(source: string, target: string): Promise<void> {
    assertValidKey(source);
    const { bucket } = this.location;
    const encoded = this.keyOf(source).split('/').map(encodeURIComponent).join('/');
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: this.keyOf(target),
          CopySource: `${encodeURIComponent(bucket)}/${encoded}`,
        }),
      );
    } catch (error) {
      throw isNotFound(error) ? new StorageNotFoundError(source) : error;
    }
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    const body = await this.get(key);
    const dir = await mkdtemp(join(tmpdir(), 'repobundle-s3-'));
    const release = () => rm(dir, { recursive: true, force: true });
    try {
      const path = join(dir, posix.basename(key));
      await pipeline(body, createWriteStream(path));
      return { path, release };
    } catch (error) {
      body.destroy();
      await release();
      throw error;
    }
  }

  async check(): Promise<void> {
    const { bucket, endpoint } = this.location;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      const status = statusOf(error);
      const reason =
        status === 404
          ? 'the bucket does not exist'
          : status === 403 || status === 401
            ? 'access denied (check the credentials)'
            : ((error as S3ErrorShape).message ?? String(error));
      throw new StorageUnavailableError(
        `S3 bucket "${bucket}" at ${endpoint ?? 'AWS'} is not usable: ${reason}`,
        { cause: error },
      );
    }
  }

  /**
   * Drops the parts of a failed multipart upload. Best effort: the failed write is what the caller
   * needs to hear about, and a bucket lifecycle rule removes whatever an abort leaves behind.
   */
  private async abortUpload(key: string, uploadId: string): Promise<void> {
    await this.client
      .send(
        new AbortMultipartUploadCommand({
          Bucket: this.location.bucket,
          Key: this.keyOf(key),
          UploadId: uploadId,
        }),
      )
      .catch(() => {});
  }

  private keyOf(key: string): string {
    assertValidKey(key);
    return this.location.prefix + key;
  }

  /** The objects under a folder prefix, one ListObjectsV2 page (<= 1000) at a time, keys relative. */
  private async *pages(folder: string): AsyncGenerator<Array<{ key: string; size: number }>> {
    const { bucket, prefix } = this.location;
    const paginator = paginateListObjectsV2(
      { client: this.client },
      { Bucket: bucket, Prefix: prefix + folder, MaxKeys: this.pageSize },
    );
    for await (const page of paginator) {
      yield (page.Contents ?? []).flatMap((object) =>
        object.Key === undefined
          ? []
          : [{ key: object.Key.slice(prefix.length), size: object.Size ?? 0 }],
      );
    }
  }
}
