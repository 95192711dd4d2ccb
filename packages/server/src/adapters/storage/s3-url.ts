import { InvalidStorageKeyError, StorageConfigError } from './object-storage.js';
import { assertValidKey } from './storage-key.js';

/** Where and how to reach the bucket, read from STORAGE_URL. */
export interface S3Location {
  bucket: string;
  /** '' or a folder prefix ending in '/', put in front of every key. */
  prefix: string;
  /** An S3-compatible server (`http(s)://host:port`), or null for AWS itself. */
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  /** From the URL's userinfo, or null for the SDK's default chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

const PARAMETERS = ['endpoint', 'region', 'force_path_style'];
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]+$/;
const DEFAULT_REGION = 'us-east-1';

/**
 * Parses `s3://[KEY:SECRET@]bucket[/prefix][?endpoint=...&region=...&force_path_style=true]`.
 * Throws StorageConfigError naming the problem (never echoing the secret).
 */
export function parseStorageUrl(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageConfigError('is not a URL (expected s3://bucket[/prefix]?endpoint=...)');
  }
  if (url.protocol !== 's3:') throw new StorageConfigError('must start with s3://');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) {
    throw new StorageConfigError(
      `bucket "${bucket}" is not a valid bucket name (3-63 lowercase letters, digits, dots, hyphens)`,
    );
  }
  if (url.port !== '') {
    throw new StorageConfigError('the bucket takes no port; give the server as ?endpoint=');
  }
  if (url.hash !== '') throw new StorageConfigError('takes no #fragment');
  for (const name of url.searchParams.keys()) {
    if (!PARAMETERS.includes(name)) {
      throw new StorageConfigError(
        `unknown parameter "${name}" (allowed: ${PARAMETERS.join(', ')})`,
      );
    }
  }
  const endpoint = parseEndpoint(url.searchParams.get('endpoint'));
  const region = url.searchParams.get('region') ?? DEFAULT_REGION;
  if (!REGION.test(region)) throw new StorageConfigError(`region "${region}" is not valid`);
  return {
    bucket,
    prefix: parsePrefix(url.pathname),
    endpoint,
    region,
    forcePathStyle: parseFlag(url.searchParams.get('force_path_style'), endpoint !== null),
    credentials: parseCredentials(url),
  };
}

function parseEndpoint(value: string | null): string | null {
  if (value === null) return null;
  let endpoint: URL;
  try {
    endpoint = new URL(value);
  } catch {
    throw new StorageConfigError(`endpoint "${value}" is not a URL`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new StorageConfigError('endpoint must start with http:// or https://');
  }
  return value.replace(/\/+$/, '');
}

// Path-style addressing (`endpoint/bucket/key`) is what most S3-compatible servers expect, so it
// is the default with a custom endpoint; AWS itself gets virtual-hosted style.
function parseFlag(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  if (['true', '1', 'on'].includes(value)) return true;
  if (['false', '0', 'off'].includes(value)) return false;
  throw new StorageConfigError('force_path_style must be true or false');
}

function parsePrefix(pathname: string): string {
  const trimmed = decode(pathname, 'the prefix').replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  try {
    assertValidKey(trimmed);
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) {
      throw new StorageConfigError(`prefix "${trimmed}" is not valid: ${error.reason}`);
    }
    throw error;
  }
  return `${trimmed}/`;
}

function parseCredentials(url: URL): S3Location['credentials'] {
  if (url.username === '' && url.password === '') return null;
  if (url.username === '' || url.password === '') {
    throw new StorageConfigError(
      'credentials must be both KEY and SECRET (s3://KEY:SECRET@bucket)',
    );
  }
  return {
    accessKeyId: decode(url.username, 'the access key'),
    secretAccessKey: decode(url.password, 'the secret key'),
  };
}

function decode(value: string, what: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new StorageConfigError(`${what} is not valid percent-encoding`);
  }
}
