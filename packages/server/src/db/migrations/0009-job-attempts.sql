-- Jobs in a cluster: each attempt writes its outputs under its own folder
-- (jobs/<id>/attempts/<n>/), and the row names the attempt whose outputs are live, so a
-- stale attempt that wakes after a retry never writes into what readers see. Rows from before
-- this migration keep output_attempt null and their outputs under jobs/<id>/output/.
alter table jobs add column output_attempt integer;
-- Claims handed back by a worker shutting down: they do not count as failed tries.
alter table jobs add column handbacks integer not null default 0;
-- The worker process that claimed the current attempt (host and process id), for operators.
alter table jobs add column worker_id text;
