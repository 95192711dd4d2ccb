-- Uploads under concurrency. A chunk's bytes are reserved (a row with is_stored = false and the
-- most it may hold) before it is written, in a transaction that locks the user's row, so parallel
-- chunks cannot together pass the plan's limit. An upload is claimed by one assembly
-- (assembling_since) so a replayed request cannot turn it into a second job; once assembled it
-- keeps its job_id (its chunks gone) so a later replay answers with that job, until it is swept.

alter table upload_chunks add column is_stored boolean not null default true;
alter table uploads add column assembling_since timestamptz;
alter table uploads add column job_id uuid;
create index uploads_user on uploads (user_id);
