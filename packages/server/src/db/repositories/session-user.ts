import type { Executor } from './executor.js';

/**
 * The user of a session token issued at `issuedAt`, as a query to build on: the account exists
 * and no password change (or sign-out everywhere) since then has ended its sessions. The same
 * rule as the sign-in check in `http/plugins/authenticate.ts`, for hot reads that check the
 * session in the statement that reads their data (one round trip to the database, not two).
 */
export function sessionUser(db: Executor, userId: string, issuedAt: Date) {
  return db
    .selectFrom('users')
    .where('users.id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('users.sessions_valid_from', 'is', null),
        eb('users.sessions_valid_from', '<=', issuedAt),
      ]),
    );
}
