-- Help pages (/aide/...) and the legal texts (terms of use, legal notice), both Markdown. Their text lives in the
-- repository (api/src/help/content) and is loaded here at start: the database is what the portal serves.
create table help_contents (
  id serial primary key,
  -- The path after /aide/: lowercase words joined by dashes, in folders.
  path text not null unique
    check (path ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$'),
  title text not null check (length(title) between 1 and 255),
  summary text not null,
  content text not null,
  -- The user guide is the set of pages in this order.
  position integer not null unique,
  updated_at timestamptz not null default now(),
  search_text text generated always as (search_fold(title || ' ' || summary || ' ' || content)) stored
);

-- Each published version of a legal text is kept: an acceptance names the version that was accepted.
create table static_contents (
  id serial primary key,
  code text not null check (code in ('cgu', 'mentions-legales')),
  version integer not null check (version > 0),
  title text not null check (length(title) between 1 and 255),
  content text not null,
  -- A version counts from this moment (it may be prepared ahead of its publication).
  published_at timestamptz not null,
  unique (code, version)
);

-- The version of the terms the user accepted; the terms are accepted while it is the current one.
alter table users add column cgu_accepted_version integer check (cgu_accepted_version > 0);
-- Whoever accepted before versions existed accepted the first one.
update users set cgu_accepted_version = 1 where has_accepted_cgu;
