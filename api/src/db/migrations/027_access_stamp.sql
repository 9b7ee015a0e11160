-- The stamp of every caller's access (the api's ACCESS_STAMP: this epoch and France's date): it changes in the same commit as any row the policy's access statement reads
-- (a user's links, typologies and administrator flag, establishments and their companies, entities, links between
-- establishments), and with France's date, since a link's period is reckoned on it. An api process keeps the access
-- it read last for a user beside the stamp read with it, and reads it again only when a request's stamp differs:
-- a change is seen at the very next request, by every process, as when access was read at every request.
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

create constraint trigger access_changed after insert or update or delete on user_companies
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update or delete on user_company_sites
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update or delete on user_company_site_entities
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update or delete on user_user_typologies
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update or delete on user_typologies
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update or delete on site_link_periods
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update of id, is_admin or delete on users
  deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update of id, company_id, deactivated_at or delete
  on company_sites deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update of id, company_site_id or delete
  on company_site_entities deferrable initially deferred for each row execute function access_changed();
create constraint trigger access_changed after insert or update of id, deactivated_at or delete on companies
  deferrable initially deferred for each row execute function access_changed();

create trigger access_truncated after truncate on user_companies for each statement execute function access_truncated();
create trigger access_truncated after truncate on user_company_sites for each statement execute function access_truncated();
create trigger access_truncated after truncate on user_company_site_entities for each statement execute function access_truncated();
create trigger access_truncated after truncate on user_user_typologies for each statement execute function access_truncated();
create trigger access_truncated after truncate on user_typologies for each statement execute function access_truncated();
create trigger access_truncated after truncate on site_link_periods for each statement execute function access_truncated();
create trigger access_truncated after truncate on users for each statement execute function access_truncated();
create trigger access_truncated after truncate on company_sites for each statement execute function access_truncated();
create trigger access_truncated after truncate on company_site_entities for each statement execute function access_truncated();
create trigger access_truncated after truncate on companies for each statement execute function access_truncated();
