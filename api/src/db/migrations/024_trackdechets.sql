-- Trackdéchets, the national tracing platform of hazardous waste (DOMAIN.md).
-- A user's link to their Trackdéchets account: the access token Trackdéchets gave (no expiry, no refresh token),
-- sealed with authenticated encryption (never stored in clear), and the companies (SIRETs) the account reaches.
create table trackdechets_links (
  user_id integer primary key references users (id) on delete cascade,
  token_sealed text not null,
  account_email text not null,
  account_name text not null,
  state text not null default 'ACTIVE' check (state in ('ACTIVE', 'BROKEN')),
  linked_at timestamptz not null,
  broken_at timestamptz,
  last_sync_at timestamptz
);

create table trackdechets_link_companies (
  user_id integer not null references trackdechets_links (user_id) on delete cascade,
  siret text not null,
  name text not null,
  primary key (user_id, siret)
);
create index trackdechets_link_companies_siret_idx on trackdechets_link_companies (siret);

-- The single-use `state` of an authorisation in progress (its hash): it ties Trackdéchets' return to the user who
-- left for it, and expires.
create table trackdechets_link_requests (
  state_hash text primary key,
  user_id integer not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index trackdechets_link_requests_user_idx on trackdechets_link_requests (user_id);

-- The slips (BSDD) Trackdéchets holds for the linked companies as emitters, brought by the sync. A slip belongs
-- to whoever sees the establishment of its emitter SIRET; its operation is the one carrying its number.
create table trackdechets_slips (
  form_id text primary key,
  readable_id text not null unique,
  status text not null,
  emitter_siret text,
  emitter_name text,
  transporter_siret text,
  transporter_name text,
  recipient_siret text,
  recipient_name text,
  waste_code text,
  waste_name text,
  quantity numeric(12, 3),
  quantity_received numeric(12, 3),
  created_at timestamptz,
  updated_at timestamptz not null,
  synced_at timestamptz not null
);
create index trackdechets_slips_emitter_idx on trackdechets_slips (emitter_siret, created_at desc);

-- Where the sync of each company stands: the latest `updatedAt` it has seen (Trackdéchets' `updatedAfter`).
create table trackdechets_sync_cursors (
  siret text primary key,
  updated_after timestamptz not null,
  synced_at timestamptz not null
);

-- A hazardous operation finds its slip by number.
create index operations_bsd_number_idx on operations (bsd_number) where bsd_number is not null;
create index operations_dangerous_site_idx on operations (company_site_id, id desc) where dangerous;
