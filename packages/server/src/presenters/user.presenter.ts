import type {
  AutoDeleteAfter,
  BillingCycle,
  CreditType,
  OutputFormat,
  PlanId,
  UserResponse,
  UserSettings,
} from '@repobundle/contract';
import type { UserRow } from '../db/repositories/users.repository.js';
import type { UserProfile } from '../services/profile.service.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentSettings(user: UserRow): UserSettings {
  return {
    auto_delete_after: user.auto_delete_after as AutoDeleteAfter,
    default_credit_type: user.default_credit_type as CreditType,
  };
}

/** GET /auth/me. Built field by field: no hash, token or secret column can slip through. */
export function presentUser({ user, plan, balances }: UserProfile): UserResponse {
  const settings = presentSettings(user);
  return {
    id: user.id,
    email: user.email,
    role: plan.id,
    subscription_plan: plan.id,
    billing_cycle: user.billing_cycle as BillingCycle | null,
    is_verified: user.is_verified,
    is_oauth_only: user.password_hash === null,
    github_connected: user.github_token_encrypted !== null,
    github_username: user.github_username,
    welcome_modal_seen: user.welcome_modal_seen,
    isNewUser: !user.welcome_modal_seen,
    created_at: user.created_at.toISOString(),
    credits_available: balances.monthly + balances.purchased,
    credits_reserved: balances.reserved,
    monthly_credits: balances.monthly,
    monthly_credits_reset_date: iso(user.monthly_credits_reset_date),
    purchased_credits: balances.purchased,
    next_billing_date: iso(user.next_billing_date),
    max_lines_per_job: plan.maxLinesPerJob,
    upload_limit_mb: plan.uploadLimitMb,
    allowed_output_formats: plan.allowedOutputFormats as OutputFormat[],
    ...settings,
    settings,
  };
}

export function planIdOf(user: UserRow): PlanId {
  return user.plan_id as PlanId;
}
