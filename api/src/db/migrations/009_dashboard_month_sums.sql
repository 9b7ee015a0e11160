-- Issue 6: the figures of a month (`/details`) and of the map from the monthly sums too (migration 008 says why
-- sums: a month of the whole scope is 17,000 operations and their outlets, a year's map 240,000 outlet lines,
-- which no index adds up in 100 ms). Measured by `npm run bench -- dashboard` (tests/bench/dashboard.ts), p50 at
-- the whole 200-establishment scope, before this migration: the month's summary 244 ms, its light summary 203 ms,
-- by waste 779 ms, the map's outlets 1,339 ms. The sums gain what those figures read of the operations:
--   * dashboard_months: the waste code the operations carried (a group column: the month by waste shows it), the
--     containers (their ids, for a distinct count over the month), and the operations whose provider has not said
--     where their waste went (the map counts them apart);
--   * dashboard_month_outlets: the waste code, as above (the month's final codes by waste);
--   * dashboard_month_outlet_sites (new): the final tonnes of each outlet (by SIRET, by name and address without
--     one) by final code, and in all (a null code), each with its operations;
--   * dashboard_month_outlet_names (new): how its lines spell each outlet's name and address, for the map to show
--     the most frequent spelling of its scope.
-- The map's tables leave out the waste (the map does not show it): fewer rows to add up for a year (58,000
-- outlet rows and 28,000 spellings in the bench's year).
-- After it, same bench: the month's summary 9 ms, its light summary 9 ms, by waste 17 ms, the map's outlets 52 ms
-- and its sites 15 ms (they read the sums too); `/details` through the gateway 153 ms.
-- Its cost: a recomputation (migration 008) now reads each operation of the month once, with its costs and outlet
-- lines, and adds them into the four tables in one statement. One operation's update takes about 5 ms (3 before),
-- a statement on 100 operations of different establishments 110-120 ms (70 before); recomputing June 2025 for
-- all 200 establishments (17,000 operations) 270 ms.

alter table dashboard_months
  add column waste_code text,
  add column skip_ids integer[] not null default '{}',
  add column without_outlet_operations integer not null default 0,
  add column without_outlet_tonnes numeric not null default 0;
drop index dashboard_months_group_idx;
create unique index dashboard_months_group_idx on dashboard_months (company_site_id, month,
  company_site_entity_id, provider_site_id, third_level_waste_id, waste_code) nulls not distinct;

alter table dashboard_month_outlets add column waste_code text;
drop index dashboard_month_outlets_group_idx;
create unique index dashboard_month_outlets_group_idx on dashboard_month_outlets (company_site_id, month,
  company_site_entity_id, provider_site_id, third_level_waste_id, waste_code, treatment_code) nulls not distinct;

-- `outlet_key`: 'S' and the trimmed SIRET, or 'N', the name and the address folded (lower case, trimmed), as the
-- map groups outlets. A row with a null `treatment_code` is the outlet's over every code: its operations are
-- distinct operations, which the code rows' cannot give (an operation may send its waste to one outlet under two
-- codes). Operations are each in one group, so sums over groups stay distinct counts.
create table dashboard_month_outlet_sites (
  month date not null,
  status text not null default 'REALISED' check (status = 'REALISED'),
  company_site_id integer not null,
  company_site_entity_id integer,
  provider_site_id integer,
  outlet_key text not null,
  treatment_code text,
  tonnes numeric not null,
  operations integer not null
);
create index dashboard_month_outlet_sites_month_idx on dashboard_month_outlet_sites (month);
create unique index dashboard_month_outlet_sites_group_idx on dashboard_month_outlet_sites (company_site_id, month,
  company_site_entity_id, provider_site_id, outlet_key, treatment_code) nulls not distinct;

-- Each spelling (trimmed) of an outlet's name and address, with how many outlet lines carry it.
create table dashboard_month_outlet_names (
  month date not null,
  status text not null default 'REALISED' check (status = 'REALISED'),
  company_site_id integer not null,
  company_site_entity_id integer,
  provider_site_id integer,
  outlet_key text not null,
  name text not null,
  address text,
  lines integer not null
);
create index dashboard_month_outlet_names_month_idx on dashboard_month_outlet_names (month);
create unique index dashboard_month_outlet_names_group_idx on dashboard_month_outlet_names (company_site_id, month,
  company_site_entity_id, provider_site_id, outlet_key, name, address) nulls not distinct;

-- As migration 008's (which says why the loops and settings), with the new columns and tables.
create or replace function dashboard_refresh(sites integer[], months date[]) returns void
language plpgsql
set enable_hashjoin = off
set enable_mergejoin = off
set enable_seqscan = off
set enable_memoize = off
set jit = off
as $$
begin
  perform pg_advisory_xact_lock(hashtext(current_schema() || '.dashboard_months'), k.site)
  from (select distinct site from unnest(sites) as s(site) order by site) k;

  delete from dashboard_months d
  using (select distinct site, month from unnest(sites, months) as u(site, month)) k
  where d.company_site_id = k.site and d.month = k.month;
  delete from dashboard_month_outlets d
  using (select distinct site, month from unnest(sites, months) as u(site, month)) k
  where d.company_site_id = k.site and d.month = k.month;
  delete from dashboard_month_outlet_sites d
  using (select distinct site, month from unnest(sites, months) as u(site, month)) k
  where d.company_site_id = k.site and d.month = k.month;
  delete from dashboard_month_outlet_names d
  using (select distinct site, month from unnest(sites, months) as u(site, month)) k
  where d.company_site_id = k.site and d.month = k.month;

  -- Each operation of those months read once, with its costs and its outlet lines (one row per line, the first
  -- line numbered 1; one row without line when it has none), then added up into the four tables.
  with lines as materialized (
    select k.month, o.id, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
      o.waste_code, o.skip_id, o.received_quantity, o.planned_treatment_code, c.treatment_cost, c.transport_cost,
      c.recycling_revenue, c.purchase_price, l.line, l.treatment_code, l.name, l.address,
      case when nullif(btrim(l.siret), '') is not null then 'S' || btrim(l.siret)
        else 'N' || lower(btrim(l.name)) || chr(31) || lower(btrim(coalesce(l.address, ''))) end as outlet_key,
      case when l.line is null then o.received_quantity when l.quantity_unit = 'TONNE' then l.quantity
        else round(o.received_quantity * l.quantity / 100, 3) end as tonnes
    from (select distinct site, month from unnest(sites, months) as u(site, month)) k
    cross join lateral (select o.id, o.company_site_id, o.company_site_entity_id, o.provider_site_id,
        o.third_level_waste_id, o.waste_code, o.skip_id, o.received_quantity, o.planned_treatment_code
      from operations o
      where o.company_site_id = k.site and o.status = 'REALISED'
        and o.real_intervention_date >= k.month and o.real_intervention_date < (k.month + interval '1 month')
      offset 0) o
    left join lateral (select c.treatment_cost, c.transport_cost, c.recycling_revenue, c.purchase_price
      from operation_costs c where c.operation_id = o.id offset 0) c on true
    left join lateral (select row_number() over (order by l.position) as line, l.treatment_code, l.quantity,
        l.quantity_unit, l.siret, l.name, l.address
      from operation_final_outlet_links l where l.operation_id = o.id offset 0) l on true),
  months_added as (
    insert into dashboard_months (month, company_site_id, company_site_entity_id, provider_site_id,
      third_level_waste_id, waste_code, operations, received_quantity, treatment_cost, transport_cost,
      recycling_revenue, purchase_price, skip_ids, without_outlet_operations, without_outlet_tonnes)
    select o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
      o.waste_code, count(*), sum(o.received_quantity), sum(round(o.received_quantity * o.treatment_cost, 2)),
      sum(round(o.received_quantity * o.transport_cost, 2)),
      sum(round(o.received_quantity * o.recycling_revenue, 2)), sum(round(o.received_quantity * o.purchase_price, 2)),
      coalesce(array_agg(distinct o.skip_id order by o.skip_id) filter (where o.skip_id is not null), '{}'),
      count(*) filter (where o.line is null), coalesce(sum(o.received_quantity) filter (where o.line is null), 0)
    from lines o where coalesce(o.line, 1) = 1
    group by o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
      o.waste_code),
  codes_added as (
    insert into dashboard_month_outlets (month, company_site_id, company_site_entity_id, provider_site_id,
      third_level_waste_id, waste_code, treatment_code, tonnes, operations)
    select o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
      o.waste_code, coalesce(o.treatment_code, o.planned_treatment_code, 'R 13'), sum(o.tonnes), count(distinct o.id)
    from lines o
    group by o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
      o.waste_code, coalesce(o.treatment_code, o.planned_treatment_code, 'R 13')),
  -- The outlets' lines only: operations without outlets are counted in dashboard_months.
  outlets_added as (
    insert into dashboard_month_outlet_sites (month, company_site_id, company_site_entity_id, provider_site_id,
      outlet_key, treatment_code, tonnes, operations)
    select o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.outlet_key,
      o.treatment_code, sum(o.tonnes), count(distinct o.id)
    from lines o where o.line is not null
    group by grouping sets (
      (o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.outlet_key, o.treatment_code),
      (o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.outlet_key)))
  insert into dashboard_month_outlet_names (month, company_site_id, company_site_entity_id, provider_site_id,
    outlet_key, name, address, lines)
  select o.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.outlet_key, btrim(o.name),
    btrim(o.address), count(*)
  from lines o where o.line is not null
  group by 1, 2, 3, 4, 5, 6, 7;
end $$;

-- As migration 008's, with the two columns the sums now read: the waste code and the container.
create or replace function dashboard_operations_changed() returns trigger
language plpgsql as $$
declare
  sites integer[];
  months date[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.company_site_id), array_agg(date_trunc('month', n.real_intervention_date)::date)
    into sites, months from new_rows n where n.status = 'REALISED';
  elsif tg_op = 'DELETE' then
    select array_agg(b.company_site_id), array_agg(date_trunc('month', b.real_intervention_date)::date)
    into sites, months from old_rows b where b.status = 'REALISED';
  else
    select array_agg(x.site), array_agg(x.month) into sites, months
    from old_rows b join new_rows n on n.id = b.id
    cross join lateral (values
      (b.status, b.company_site_id, date_trunc('month', b.real_intervention_date)::date),
      (n.status, n.company_site_id, date_trunc('month', n.real_intervention_date)::date)) as x(status, site, month)
    where x.status = 'REALISED'
      and (b.status, b.real_intervention_date, b.company_site_id, b.company_site_entity_id, b.provider_site_id,
        b.third_level_waste_id, b.waste_code, b.skip_id, b.received_quantity, b.planned_treatment_code)
      is distinct from (n.status, n.real_intervention_date, n.company_site_id, n.company_site_entity_id,
        n.provider_site_id, n.third_level_waste_id, n.waste_code, n.skip_id, n.received_quantity,
        n.planned_treatment_code);
  end if;
  if sites is not null then
    perform dashboard_refresh(sites, months);
  end if;
  return null;
end $$;

-- The sums of the operations already there, with their new columns and tables.
select dashboard_refresh(array_agg(k.site), array_agg(k.month))
from (select distinct company_site_id as site, date_trunc('month', real_intervention_date)::date as month
      from operations where status = 'REALISED') k;
analyze dashboard_months;
analyze dashboard_month_outlets;
analyze dashboard_month_outlet_sites;
analyze dashboard_month_outlet_names;
