-- Accounts, sessions, mail, waitlist, plans and the credit ledger (issue 5).
-- Forward only: a later change is a new file. Jobs and uploads come in their own migration and
-- reference users(id); credit_transactions.job_id gets its foreign key then.

create table plans (
  id text primary key,
  name text not null,
  price_monthly_cents integer,             -- null: custom price (enterprise)
  price_yearly_cents integer,
  credits_per_month integer not null check (credits_per_month >= 0),
  credits_per_month_yearly integer not null check (credits_per_month_yearly >= 0),
  max_lines_per_job integer not null check (max_lines_per_job > 0),
  upload_limit_mb integer not null check (upload_limit_mb > 0),
  allowed_output_formats jsonb not null,
  features jsonb not null default '[]',
  sort_order integer not null
);

-- Figures of DESIGN 4.3 (spec part 2 section 9 pricing page).
insert into plans (id, name, price_monthly_cents, price_yearly_cents, credits_per_month,
  credits_per_month_yearly, max_lines_per_job, upload_limit_mb, allowed_output_formats, features,
  sort_order) values
  ('free', 'Free Forever', 0, 0, 100, 100, 100000, 10, '["md","txt"]',
    '["100 credits per month","100,000 lines per job","10 MB uploads","Markdown and text output"]', 1),
  ('starter', 'Starter', 999, 9900, 1000, 1200, 750000, 50, '["md","txt","json","xml"]',
    '["1,000 credits per month (1,200 yearly)","750,000 lines per job","50 MB uploads","GitHub repositories"]', 2),
  ('pro', 'Pro', 2999, 29900, 5000, 6000, 2000000, 200,
    '["md","txt","json","xml","csv","yaml","custom"]',
    '["5,000 credits per month (6,000 yearly)","2,000,000 lines per job","200 MB uploads","All output formats"]', 3),
  ('enterprise', 'Enterprise', null, null, 50000, 50000, 10000000, 200,
    '["md","txt","json","xml","csv","yaml","custom"]',
    '["50,000 credits per month","10,000,000 lines per job","200 MB uploads","All output formats"]', 4);

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  password_hash text,                      -- null for Google-only accounts
  google_sub text unique,
  is_verified boolean not null default false,
  plan_id text not null default 'free' references plans (id),
  billing_cycle text check (billing_cycle in ('monthly', 'yearly')),
  next_billing_date timestamptz,
  monthly_credits_reset_date timestamptz,
  auto_delete_after text not null default 'never'
    check (auto_delete_after in ('never', '1hr', '6hr', '12hr', '1day', '7days', '14days', '30days')),
  default_credit_type text not null default 'monthly'
    check (default_credit_type in ('monthly', 'purchased')),
  welcome_modal_seen boolean not null default false,
  github_username text,
  github_token_encrypted text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (password_hash is not null or google_sub is not null)
);

-- One row per user and credit type. balance always equals the sum of the ledger rows of that
-- user and type (DESIGN 4.3); reserved holds credits set aside by running jobs.
create table credit_balances (
  user_id uuid not null references users (id) on delete cascade,
  credit_type text not null check (credit_type in ('monthly', 'purchased')),
  balance integer not null default 0 check (balance >= 0),
  reserved integer not null default 0 check (reserved >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, credit_type)
);

create table credit_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  credit_type text not null check (credit_type in ('monthly', 'purchased')),
  type text not null
    check (type in ('purchase', 'usage', 'reservation', 'monthly_reset', 'subscription_bonus', 'refund')),
  amount integer not null check (amount <> 0),
  balance_after integer not null check (balance_after >= 0),
  description text not null,
  job_id uuid,
  created_at timestamptz not null default now()
);
create index credit_transactions_user_created on credit_transactions (user_id, created_at desc);

-- Refresh tokens are stored hashed; rotation marks the used one, reuse revokes the family.
create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null,
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz
);
create index refresh_tokens_family on refresh_tokens (family_id);
create index refresh_tokens_user on refresh_tokens (user_id);

-- The one live sign-up code of a user; a resend replaces it.
create table email_verifications (
  user_id uuid primary key references users (id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  sent_at timestamptz not null default now()
);

create table password_resets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user on password_resets (user_id);

-- The one pending change of address of a user; the code goes to new_email.
create table email_changes (
  user_id uuid primary key references users (id) on delete cascade,
  new_email text not null check (new_email = lower(new_email)),
  code_hash text not null,
  attempts integer not null default 0,
  expires_at timestamptz not null,
  sent_at timestamptz not null default now()
);

create table waitlist (
  email text primary key check (email = lower(email)),
  created_at timestamptz not null default now(),
  approved_at timestamptz                  -- set by the operator: passes the beta gate
);

create table outbox_mail (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text
);
create index outbox_mail_created on outbox_mail (created_at desc);
