-- Access tokens issued before this instant are refused (a password change or reset ends every
-- session at once, not when the 15-minute tokens run out).
alter table users add column sessions_valid_from timestamptz;
