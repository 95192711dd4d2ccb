import type { SettingsUpdateRequest } from '@repobundle/contract';
import type { Balances } from '../db/repositories/credits.repository.js';
import type { Plan } from '../db/repositories/plans.repository.js';
import type { SettingsPatch, UserRow } from '../db/repositories/users.repository.js';
import type { ServiceContext } from './context.js';

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
