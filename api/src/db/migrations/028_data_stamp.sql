-- The epoch of the portal's data (with France's date, the api's DATA_STAMP): it moves in the same commit as any row
-- of a table the api's stamped answers read. The api sends the stamp it read with a request's credentials beside
-- each answer; the gateway serves a screen's answer again, without its REST calls, only while the stamp stands.
create table data_epoch (
  single boolean primary key default true check (single),
  value bigint not null
);
insert into data_epoch (value) values (1);

-- Once per transaction, at its commit (deferred), as access_changed does: the epoch's row is locked last, after
-- every row the transaction changed, so that two writing transactions cannot wait for each other.
create function data_changed() returns trigger language plpgsql as $$
begin
  if current_setting('portal.data_changed', true) is distinct from 'yes' then
    perform set_config('portal.data_changed', 'yes', true);
    update data_epoch set value = value + 1;
  end if;
  return null;
end $$;

create function data_truncated() returns trigger language plpgsql as $$
begin
  update data_epoch set value = value + 1;
  return null;
end $$;

-- Every table but those no stamped answer reads: the credentials and their last use (written by reads), sign-in
-- throttling, stored answers of writes, mail delivery, one-time tokens, sync cursors and the epochs. A table added
-- later needs these triggers too, or a place in this list (api/test/data-stamp.test.ts fails until it has one).
-- Of users, every column but the time of the last sign-in, which each login writes (only the back office's list of
-- accounts shows it, unstamped): a login moves no stamp. A migration that adds a column to users creates this
-- trigger again with it (the test fails until then).
do $$
declare
  watched record;
  columns text;
begin
  for watched in
    select c.oid, c.relname from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
      and c.relname not in ('sessions', 'personal_access_tokens', 'login_failures', 'login_addresses',
        'idempotency_keys', 'notification_outbox', 'password_reset_requests', 'password_reset_tokens',
        'email_change_tokens', 'trackdechets_sync_cursors', 'schema_migrations', 'access_epoch', 'data_epoch')
  loop
    columns := '';
    if watched.relname = 'users' then
      select ' of ' || string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
      from pg_attribute a
      where a.attrelid = watched.oid and a.attnum > 0 and not a.attisdropped and a.attname <> 'last_sign_in_at';
    end if;
    execute format('create constraint trigger data_changed after insert or update%s or delete on %I
        deferrable initially deferred for each row execute function data_changed()', columns, watched.relname);
    execute format('create trigger data_truncated after truncate on %I
        for each statement execute function data_truncated()', watched.relname);
  end loop;
end $$;
