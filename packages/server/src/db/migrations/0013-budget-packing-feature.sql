-- Packing to a token budget is a Starter-and-up feature: the plan cards list it.
update plans set features = features || '["Packing to a token budget"]'::jsonb
  where id in ('starter', 'pro', 'enterprise');
