-- Stripe mode (DESIGN 1.2): our checkout row is written before Stripe is asked, so the id
-- Stripe gives its Checkout Session (cs_...) or PaymentIntent (pi_...) is filled in afterwards.
-- The webhook checks an event's object against it; one Stripe object pays for one row only.
alter table checkout_sessions add column provider_session_id text;
create unique index checkout_sessions_provider_session
  on checkout_sessions (provider, provider_session_id)
  where provider_session_id is not null;
