-- Each sign-up of a not yet verified address is its own pending row: the code mailed for it
-- activates the password chosen with it, and only that one. A second sign-up (perhaps someone
-- else's) neither replaces the password of the first nor invalidates its code.

alter table email_verifications drop constraint email_verifications_pkey;
alter table email_verifications add column id uuid not null default gen_random_uuid();
alter table email_verifications add primary key (id);
alter table email_verifications add column password_hash text;
create index email_verifications_user on email_verifications (user_id, sent_at desc);
