import { text } from 'node:stream/consumers';
import { z } from 'zod';
import type { ServiceContext } from '../services/context.js';
import { changeCountsKey } from '../services/jobs.service.js';

/** As the job creation wrote it: path -> commits that changed it. */
const changeCountsSchema = z.record(z.string(), z.number().int().min(0));

/**
 * The change counts stored beside a repository job's archive, for the engine to order files by.
 * A missing or unreadable object fails the attempt like a missing archive would: ordering the
 * files some other way would give an output that is not what the job asked for.
 */
export async function readStoredChangeCounts(
  ctx: ServiceContext,
  jobId: string,
): Promise<Map<string, number>> {
  const stored = changeCountsSchema.parse(
    JSON.parse(await text(await ctx.storage.get(changeCountsKey(jobId)))),
  );
  return new Map(Object.entries(stored));
}
