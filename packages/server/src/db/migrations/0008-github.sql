-- GitHub connection (repository issue). The OAuth state of an authorization in progress lives
-- here rather than in a signed value: it must be single use, and only a stored row can be
-- consumed exactly once. It is bound to the user who asked for it, expires after 10 minutes and
-- is kept as a keyed hash, so a leaked table holds nothing that completes an authorization.
-- The token itself is on users.github_token_encrypted (0001), encrypted by the server.

create table github_oauth_states (
  state_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index github_oauth_states_user on github_oauth_states (user_id, created_at desc);
