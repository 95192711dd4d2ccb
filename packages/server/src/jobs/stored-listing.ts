import { buffer } from 'node:stream/consumers';
import type { ZipListing } from '@repobundle/engine';
import type { ServiceContext } from '../services/context.js';
import { listingKey } from '../services/jobs.service.js';
import { listingFrom } from '../services/zip-listing-bytes.js';

/**
 * The archive's directory as judged when the job was created, or undefined (a job created before
 * it was kept, or bytes that are not a listing): the archive is then judged again.
 */
export async function readStoredListing(
  ctx: ServiceContext,
  jobId: string,
): Promise<ZipListing | undefined> {
  try {
    return listingFrom(await buffer(await ctx.storage.get(listingKey(jobId))));
  } catch {
    return undefined;
  }
}
