-- Uploads, jobs and their outputs (issue 6). Objects themselves live in storage; these rows
-- say what exists and whose it is.

-- A chunked upload in progress. The client names it (upload_id); ids are scoped per user, so
-- one user can never touch or even detect another user's upload.
create table uploads (
  user_id uuid not null references users (id) on delete cascade,
  upload_id text not null,
  file_name text not null,
  total_chunks integer not null check (total_chunks > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, upload_id)
);
create index uploads_updated on uploads (updated_at);

create table upload_chunks (
  user_id uuid not null,
  upload_id text not null,
  chunk_index integer not null check (chunk_index >= 0),
  size bigint not null check (size > 0),
  received_at timestamptz not null default now(),
  primary key (user_id, upload_id, chunk_index),
  foreign key (user_id, upload_id) references uploads (user_id, upload_id) on delete cascade
);

create table jobs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  status text not null default 'pending'
    check (status in ('pending', 'processing', 'succeeded', 'failed')),
  source_kind text not null check (source_kind in ('zip', 'github')),
  source_name text not null,
  -- Storage key of the archive the worker reads; null once outputs exist and it was removed.
  archive_key text,
  options jsonb not null,                  -- the job fields as validated (job.presenter reads them)
  selected_paths jsonb not null,
  total_files integer not null check (total_files >= 0),
  line_count integer not null check (line_count >= 0),
  file_count integer not null default 0,
  credit_type text not null check (credit_type in ('monthly', 'purchased', 'hybrid')),
  reserved_monthly integer not null default 0 check (reserved_monthly >= 0),
  reserved_purchased integer not null default 0 check (reserved_purchased >= 0),
  actual_credits integer,
  error text,
  errors jsonb not null default '[]',
  progress_stage text not null default 'queued',
  progress_percent real not null default 0,
  attempts integer not null default 0,
  heartbeat_at timestamptz,
  statistics jsonb,
  analytics jsonb,
  outputs jsonb,                           -- [{path, size}] of the stored output files
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  scheduled_deletion timestamptz
);
create index jobs_user_created on jobs (user_id, created_at desc);
create index jobs_processing on jobs (heartbeat_at) where status = 'processing';
create index jobs_scheduled_deletion on jobs (scheduled_deletion) where scheduled_deletion is not null;
create index credit_transactions_job on credit_transactions (job_id);
