-- The answers of creating writes sent with an Idempotency-Key, per caller and key, kept 24 hours: a retry gets
-- the first answer instead of a second row (api/src/hydra/idempotency.ts). The row is inserted when the write
-- starts, which makes a concurrent retry wait for its end, and answered in the write's own transaction: a
-- committed row always has its answer, and a write never commits without it.
create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  -- sha256 of the method, the path, the media type and the body: the same key for another request is refused.
  fingerprint text not null,
  status smallint,
  location text,
  content_type text,
  body text,
  created_at timestamptz not null,
  primary key (user_id, key)
);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
