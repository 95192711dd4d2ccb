-- Counters shared by every API process. login_failures slows a guess at one account spread
-- over many addresses; rate_limit_hits holds the per-address request limits when no Redis is
-- configured. Rows are keyed by what they count and expire with their window.

create table login_failures (
  email text primary key check (email = lower(email)),
  failures integer not null check (failures > 0),
  window_started_at timestamptz not null
);

create table rate_limit_hits (
  key text primary key,
  hits integer not null check (hits > 0),
  expires_at timestamptz not null
);
create index rate_limit_hits_expires on rate_limit_hits (expires_at);
