import { text } from 'node:stream/consumers';
import { z } from 'zod';
import type { ServiceContext } from '../services/context.js';
import { digestsKey } from '../services/jobs.service.js';

/** As the job creation wrote it: path -> content digest of the file's bytes. */
const digestsSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/));

/**
 * The content digests stored beside a job's archive, or undefined when there are none (a job
 * created before they were kept) or they cannot be read: they only spare reads, so the job then
 * reads every file.
 */
export async function readStoredDigests(
  ctx: ServiceContext,
  jobId: string,
): Promise<Map<string, string> | undefined> {
  try {
    const stored = digestsSchema.parse(
      JSON.parse(await text(await ctx.storage.get(digestsKey(jobId)))),
    );
    return new Map(Object.entries(stored));
  } catch {
    return undefined;
  }
}
