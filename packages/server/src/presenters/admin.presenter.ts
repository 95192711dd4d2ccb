import type { AdminUser, BillingCycle, OutboxMessage } from '@repobundle/contract';
import type { OutboxRow } from '../db/repositories/outbox.repository.js';
import type { AdminUserView } from '../services/admin.service.js';
import { planIdOf } from './user.presenter.js';

export function presentAdminUser({
  user,
  monthly,
  purchased,
  isApproved,
}: AdminUserView): AdminUser {
  return {
    id: user.id,
    email: user.email,
    subscription_plan: planIdOf(user),
    billing_cycle: user.billing_cycle as BillingCycle | null,
    is_verified: user.is_verified,
    is_oauth_only: user.password_hash === null,
    is_approved: isApproved,
    monthly_credits: monthly,
    purchased_credits: purchased,
    created_at: user.created_at.toISOString(),
  };
}

export function presentOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
  };
}
