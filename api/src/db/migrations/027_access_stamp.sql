-- The epoch of everyone's access (with France's date, the api's ACCESS_STAMP): it moves in the same commit as any row
-- the policy's access statement reads (a user's links, typologies and administrator flag, establishments and their
-- companies, entities, links between establishments). An api process keeps the access it read last for a user
-- beside the stamp read with it, and reads it again only when a request's stamp differs: a change is seen at the
-- very next request, by every process, as when access was read at every request.
create table access_epoch (
  single boolean primary key default true check (single),
  value bigint not null
);
insert into access_epoch (value) values (1);

-- Once per transaction, at its commit (deferred): the epoch's row is locked last, after every row the transaction
-- changed, so that two transactions changing access cannot wait for each other.
create function access_changed() returns trigger language plpgsql as $$
begin
  if current_setting('portal.access_changed', true) is distinct from 'yes' then
    perform set_config('portal.access_changed', 'yes', true);
    update access_epoch set value = value + 1;
  end if;
  return null;
end $$;

create function access_truncated() returns trigger language plpgsql as $$
begin
  update access_epoch set value = value + 1;
  return null;
end $$;

-- Every table the access statement reads; of some, only the columns it reads (a site renamed changes no access).
do $$
declare watched record;
begin
  for watched in select * from (values
      ('user_companies', null), ('user_company_sites', null), ('user_company_site_entities', null),
      ('user_user_typologies', null), ('user_typologies', null), ('site_link_periods', null),
      ('users', 'id, is_admin'), ('company_sites', 'id, company_id, deactivated_at'),
      ('company_site_entities', 'id, company_site_id'), ('companies', 'id, deactivated_at')) as w (name, columns)
  loop
    execute format('create constraint trigger access_changed after insert or update%s or delete on %I
        deferrable initially deferred for each row execute function access_changed()',
      coalesce(' of ' || watched.columns, ''), watched.name);
    execute format('create trigger access_truncated after truncate on %I
        for each statement execute function access_truncated()', watched.name);
  end loop;
end $$;
