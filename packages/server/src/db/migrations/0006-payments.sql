-- Checkout sessions of the payments adapter (DESIGN 1.2). In local test mode the app's own
-- checkout page completes or cancels them; a card processor's webhook will do the same later.
-- A session is fulfilled at most once: completing it writes the ledger in the same transaction,
-- under this row's lock.

create table checkout_sessions (
  id text primary key,                     -- cs_test_<random> in local test mode
  user_id uuid not null references users (id) on delete cascade,
  provider text not null default 'local',
  kind text not null check (kind in ('subscription', 'pack')),
  description text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd',
  plan_id text references plans (id),
  billing_cycle text check (billing_cycle in ('monthly', 'yearly')),
  -- Pack: the credits bought. Subscription: the monthly credits of its plan and cycle.
  credits integer not null check (credits > 0),
  status text not null default 'pending' check (status in ('pending', 'completed', 'cancelled')),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  cancelled_at timestamptz,
  check (kind <> 'subscription' or (plan_id is not null and billing_cycle is not null)),
  check (kind <> 'pack' or (plan_id is null and billing_cycle is null))
);
create index checkout_sessions_user_created on checkout_sessions (user_id, created_at desc);
