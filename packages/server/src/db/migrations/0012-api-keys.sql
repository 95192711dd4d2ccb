-- Personal API keys: programs acting as their user. The secret is shown once and kept only as a
-- keyed hash; `prefix` (its first characters) lets a person tell keys apart in a list. Revoking
-- deletes the row, so a revoked key stops working at its next request.

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null,
  scope text not null check (scope in ('read', 'jobs')),
  key_hash text not null unique,
  prefix text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
create index api_keys_user on api_keys (user_id, created_at desc);
