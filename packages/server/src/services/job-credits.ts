import type { CreditType, JobCreditType } from '@repobundle/contract';
import type { Repositories } from '../db/repositories/index.js';
import { AppError } from '../errors.js';

/** How a job's reservation is split between the two kinds of credits. */
export interface Reservation {
  monthly: number;
  purchased: number;
}

const other = (type: CreditType): CreditType => (type === 'monthly' ? 'purchased' : 'monthly');

function insufficient(needed: number, available: number, kind: string): AppError {
  return new AppError(
    402,
    'INSUFFICIENT_CREDITS',
    `This job requires ${needed} credits, but you only have ${available} ${kind} credits available.`,
    { fields: { credits_needed: needed, credits_available: available } },
  );
}

/**
 * Splits `needed` credits over the balances: one kind when the request names it,
 * or `hybrid`: the preferred kind first and the other for the rest. Throws the 402 with the
 * figures a person needs to decide.
 */
export function planReservation(
  needed: number,
  balances: { monthly: number; purchased: number },
  creditType: JobCreditType,
  preferred: CreditType,
): Reservation {
  if (creditType !== 'hybrid') {
    const available = balances[creditType];
    if (available < needed) throw insufficient(needed, available, creditType);
    return creditType === 'monthly'
      ? { monthly: needed, purchased: 0 }
      : { monthly: 0, purchased: needed };
  }
  const total = balances.monthly + balances.purchased;
  if (total < needed) throw insufficient(needed, total, 'monthly and purchased');
  const first = Math.min(balances[preferred], needed);
  const split = { monthly: 0, purchased: 0 };
  split[preferred] = first;
  split[other(preferred)] = needed - first;
  return split;
}

/**
 * Holds the job's credits: each kind's balance goes down by its part and a `reservation` row
 * records it. Runs inside the caller's transaction, balances locked first.
 */
export async function reserveCredits(
  repos: Repositories,
  userId: string,
  jobId: string,
  needed: number,
  creditType: JobCreditType,
  preferred: CreditType,
): Promise<Reservation> {
  const balances = await repos.credits.lockBalances(userId);
  const split = planReservation(needed, balances, creditType, preferred);
  for (const type of ['monthly', 'purchased'] as const) {
    if (split[type] === 0) continue;
    await repos.credits.applyChange({
      userId,
      creditType: type,
      type: 'reservation',
      amount: -split[type],
      reservedDelta: split[type],
      description: `Reserved for job ${jobId}`,
      jobId,
    });
  }
  return split;
}

/** Returns a reservation in full (`refund` rows): a failed job, or the first half of settling. */
async function release(
  repos: Repositories,
  userId: string,
  jobId: string,
  held: Reservation,
  description: string,
): Promise<void> {
  for (const type of ['monthly', 'purchased'] as const) {
    if (held[type] === 0) continue;
    await repos.credits.applyChange({
      userId,
      creditType: type,
      type: 'refund',
      amount: held[type],
      reservedDelta: -held[type],
      description,
      jobId,
    });
  }
}

export async function refundReservation(
  repos: Repositories,
  userId: string,
  jobId: string,
  held: Reservation,
): Promise<void> {
  await repos.credits.lockBalances(userId);
  await release(repos, userId, jobId, held, `Refund for failed job ${jobId}`);
}

/**
 * Settles a finished job: the reservation comes back (`refund`) and the actual cost, never more
 * than was held, is charged (`usage`) from the kinds that were held, monthly first. Returns the
 * credits charged. The caller has locked the job row, so this runs once per job.
 */
export async function settleCredits(
  repos: Repositories,
  userId: string,
  jobId: string,
  held: Reservation,
  actual: number,
): Promise<number> {
  await repos.credits.lockBalances(userId);
  const charge = Math.min(actual, held.monthly + held.purchased);
  await release(repos, userId, jobId, held, `Reservation released for job ${jobId}`);
  let remaining = charge;
  for (const type of ['monthly', 'purchased'] as const) {
    const part = Math.min(held[type], remaining);
    if (part === 0) continue;
    remaining -= part;
    await repos.credits.applyChange({
      userId,
      creditType: type,
      type: 'usage',
      amount: -part,
      description: `Job ${jobId}`,
      jobId,
    });
  }
  return charge;
}
