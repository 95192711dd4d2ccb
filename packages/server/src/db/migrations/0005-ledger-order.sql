-- Rows written in one transaction (a reservation released, then the usage charged) shared
-- now()'s instant and listed in random order; the statement's own clock keeps their order.
alter table credit_transactions alter column created_at set default clock_timestamp();
