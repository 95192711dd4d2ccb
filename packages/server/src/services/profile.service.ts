import type { SettingsUpdateRequest } from '@repobundle/contract';
import type { Balances } from '../db/repositories/credits.repository.js';
import type { Plan } from '../db/repositories/plans.repository.js';
import type { SettingsPatch, UserRow } from '../db/repositories/users.repository.js';
import type { ServiceContext } from './context.js';
import type { SessionClaims } from './access-tokens.js';

export interface UserProfile {
  user: UserRow;
  plan: Plan;
  balances: Balances;
}

export async function getProfile(ctx: ServiceContext, user: UserRow): Promise<UserProfile> {
  const [plan, balances] = await Promise.all([
    ctx.repos.plans.findById(user.plan_id),
    ctx.repos.credits.balances(user.id),
  ]);
  if (!plan) throw new Error(`user ${user.id} has unknown plan ${user.plan_id}`);
  return { user, plan, balances };
}

/** `getProfile` for a session whose user is not read yet; undefined when the session is over. */
export async function getProfileForSession(
  ctx: ServiceContext,
  session: SessionClaims,
): Promise<UserProfile | undefined> {
  const found = await ctx.repos.users.findWithBalancesForSession(
    session.userId,
    new Date(session.issuedAtMs),
  );
  if (!found) return undefined;
  const plan = await ctx.repos.plans.findById(found.user.plan_id);
  if (!plan) throw new Error(`user ${found.user.id} has unknown plan ${found.user.plan_id}`);
  return { ...found, plan };
}

export function updateSettings(
  ctx: ServiceContext,
  user: UserRow,
  settings: SettingsUpdateRequest,
): Promise<UserRow> {
  const patch: SettingsPatch = {};
  if (settings.auto_delete_after) patch.auto_delete_after = settings.auto_delete_after;
  if (settings.default_credit_type) patch.default_credit_type = settings.default_credit_type;
  return ctx.repos.users.update(user.id, patch);
}

export function setWelcomeModalSeen(
  ctx: ServiceContext,
  user: UserRow,
  seen: boolean,
): Promise<UserRow> {
  return ctx.repos.users.update(user.id, { welcome_modal_seen: seen });
}
