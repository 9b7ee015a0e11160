-- Issue 6: the dashboard at scale. Measured by `npm run bench -- dashboard` (tests/bench/dashboard.ts): 200
-- establishments, 1,000,000 realised operations over 5 years, about 200,000 in a year, on PostgreSQL; goals 100 ms
-- p50 per endpoint and 250 ms p50 for the whole `/` screen (its api calls go out in parallel), on 2 cores.
--
-- Why a summary table and not only indexes. A year of the whole scope is about 200,000 operations and 240,000
-- final tonnes (outlets). Even read from a covering index, with no table access at all, PostgreSQL needs 40 to
-- 90 ms only to scan and sum 200,000 index entries (EXPLAIN ANALYZE on the bench), and every figure of a year also
-- joins the operations to their costs and outlets: a hash join reads the whole outlets table (1.1 million rows),
-- a nested loop makes 200,000 index probes; either way 150 ms to 1 s per query, 1.3 s for the summary and 4.4 s
-- for the screen's figures before this migration. No index gets a per-row aggregation of 200,000 rows under
-- 100 ms, and the yearly figures of the screen are 9 such queries at once on 2 cores. So the yearly figures
-- (routes.ts: year lists, yearly summary, the five charts) read monthly sums kept by PostgreSQL itself, a few
-- thousand rows a year (one per establishment, chantier, provider, waste and month: 14,000 in the bench's year,
-- 14 times fewer than operations), which no write can leave stale: triggers recompute the sums of every
-- establishment and month a statement touched, from the operations as they are, in the writing transaction.
--
-- Trade-offs. Every write of a realised operation, its outlets or its costs also recomputes its establishment's
-- month (a few hundred operations at most, through operations_realised_site_day_idx): updating one operation takes
-- 2 to 3 ms instead of 0.5, a statement on 100 operations 70 ms, a bulk load of a million 10 to 20 s more (as this
-- migration does for the operations already there): statement triggers with transition tables recompute once per
-- statement, not per row. Two transactions writing realised operations of the same establishment take turns on an
-- advisory lock until the first commits (without it, both could recompute the same month from their own snapshot
-- and one's change would be lost). The figures of a month (by day, by waste) and the map's still read the
-- operations, through the indexes below: a month is 17,000 operations at most in the bench.

-- Realised operations by day, per side: the monthly dashboard and the costs of a month (all the caller's sites:
-- a date range), one establishment's figures (producer side, and the recomputation of its months below) and one
-- provider's (retriever side). Partial: the dashboard reads realised operations only, and writes of the open
-- ones, which change all the time, do not pay for these indexes.
create index operations_realised_day_idx on operations (real_intervention_date) where status = 'REALISED';
create index operations_realised_site_day_idx on operations (company_site_id, real_intervention_date)
  where status = 'REALISED';
create index operations_realised_provider_day_idx on operations (provider_site_id, real_intervention_date)
  where status = 'REALISED';

-- The monthly sums of realised operations. The columns of the group keep the names of `operations` (status
-- included, always REALISED) so that the dashboard's scope condition (routes.ts `scopeCondition`: sites,
-- chantier, provider, company, location) applies to them as it is. Costs are per operation rounded to the cent
-- then summed, as the dashboard always did: a month's sum is the sum of its operations' rounded costs, and a
-- year's the sum of its months', to the cent. A cost is null when none of the group's operations has it.
create table dashboard_months (
  month date not null,
  status text not null default 'REALISED' check (status = 'REALISED'),
  company_site_id integer not null,
  company_site_entity_id integer,
  provider_site_id integer,
  third_level_waste_id integer,
  operations integer not null,
  received_quantity numeric not null,
  treatment_cost numeric,
  transport_cost numeric,
  recycling_revenue numeric,
  purchase_price numeric
);
-- A year of every establishment (the whole scope, the company and location filters); one establishment's months
-- (its figures, and the deletion before each recomputation), unique per group: were two recomputations of a month
-- ever to overlap, the second would fail rather than count the month twice.
create index dashboard_months_month_idx on dashboard_months (month);
create unique index dashboard_months_group_idx on dashboard_months (company_site_id, month,
  company_site_entity_id, provider_site_id, third_level_waste_id) nulls not distinct;

-- The final tonnes of the same groups by final code (routes.ts `OUTLET_TONNES`: an outlet's tonnes, or its
-- percentage of the received weight rounded to the kilogram; an operation without outlets whole under its planned
-- code, R 13 when it has none), and how many operations have tonnes under that code (an operation counts once per
-- code: the sum over groups is the count of distinct operations, as each operation is in one group).
create table dashboard_month_outlets (
  month date not null,
  status text not null default 'REALISED' check (status = 'REALISED'),
  company_site_id integer not null,
  company_site_entity_id integer,
  provider_site_id integer,
  third_level_waste_id integer,
  treatment_code text not null,
  tonnes numeric not null,
  operations integer not null
);
create index dashboard_month_outlets_month_idx on dashboard_month_outlets (month);
create unique index dashboard_month_outlets_group_idx on dashboard_month_outlets (company_site_id, month,
  company_site_entity_id, provider_site_id, third_level_waste_id, treatment_code) nulls not distinct;

-- Recomputes the sums of the given establishments' months (pairs: sites[i], months[i], a month by its first day)
-- from the realised operations as this transaction sees them. The months drive it, whatever the statistics say:
-- for each month, its operations through operations_realised_site_day_idx, then for each operation its outlets
-- and costs by operation id (`lateral ... offset 0`, which the planner may not turn into another join order; no
-- hash or merge join, no sequential scan). Left to itself, the planner, which cannot know that a month of an
-- establishment is a few hundred operations at most (a date range joined to another table's column is a third of
-- the rows to it), read the whole operations, outlets and costs tables from a hundred months on (0.9 s for 100
-- operations edited at once, 70 ms with the loops), and in a bulk load, before any statistics, compared every
-- operation of the table with every month (minutes for a million). Nor is a statement of a few hundred rows worth
-- compiling (JIT), nor memoizing outlets by operation when each operation comes once.
create function dashboard_refresh(sites integer[], months date[]) returns void
language plpgsql
set enable_hashjoin = off
set enable_mergejoin = off
set enable_seqscan = off
set enable_memoize = off
set jit = off
as $$
begin
  -- One transaction at a time recomputes an establishment's months, until it commits; the next one then reads
  -- the operations with the first one's changes (each statement below takes a new snapshot). In site order, so
  -- that two statements each touching several establishments cannot wait for each other.
  perform pg_advisory_xact_lock(hashtext(current_schema() || '.dashboard_months'), k.site)
  from (select distinct site from unnest(sites) as s(site) order by site) k;

  delete from dashboard_months d
  using (select distinct site, month from unnest(sites, months) as u(site, month)) k
  where d.company_site_id = k.site and d.month = k.month;
  delete from dashboard_month_outlets d
  using (select distinct site, month from unnest(sites, months) as u(site, month)) k
  where d.company_site_id = k.site and d.month = k.month;

  insert into dashboard_months (month, company_site_id, company_site_entity_id, provider_site_id,
    third_level_waste_id, operations, received_quantity, treatment_cost, transport_cost, recycling_revenue,
    purchase_price)
  select k.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
    count(*), sum(o.received_quantity), sum(round(o.received_quantity * c.treatment_cost, 2)),
    sum(round(o.received_quantity * c.transport_cost, 2)), sum(round(o.received_quantity * c.recycling_revenue, 2)),
    sum(round(o.received_quantity * c.purchase_price, 2))
  from (select distinct site, month from unnest(sites, months) as u(site, month)) k
  cross join lateral (select o.id, o.company_site_id, o.company_site_entity_id, o.provider_site_id,
      o.third_level_waste_id, o.received_quantity
    from operations o
    where o.company_site_id = k.site and o.status = 'REALISED'
      and o.real_intervention_date >= k.month and o.real_intervention_date < (k.month + interval '1 month')
    offset 0) o
  left join lateral (select c.treatment_cost, c.transport_cost, c.recycling_revenue, c.purchase_price
    from operation_costs c where c.operation_id = o.id offset 0) c on true
  group by k.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id;

  insert into dashboard_month_outlets (month, company_site_id, company_site_entity_id, provider_site_id,
    third_level_waste_id, treatment_code, tonnes, operations)
  select k.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
    t.treatment_code, sum(t.tonnes), count(distinct o.id)
  from (select distinct site, month from unnest(sites, months) as u(site, month)) k
  cross join lateral (select o.id, o.company_site_id, o.company_site_entity_id, o.provider_site_id,
      o.third_level_waste_id, o.received_quantity, o.planned_treatment_code
    from operations o
    where o.company_site_id = k.site and o.status = 'REALISED'
      and o.real_intervention_date >= k.month and o.real_intervention_date < (k.month + interval '1 month')
    offset 0) o
  left join lateral (select l.operation_id, l.treatment_code, l.quantity, l.quantity_unit
    from operation_final_outlet_links l where l.operation_id = o.id offset 0) l on true
  cross join lateral (select
      coalesce(l.treatment_code, o.planned_treatment_code, 'R 13') as treatment_code,
      case when l.operation_id is null then o.received_quantity when l.quantity_unit = 'TONNE' then l.quantity
        else round(o.received_quantity * l.quantity / 100, 3) end as tonnes) t
  group by k.month, o.company_site_id, o.company_site_entity_id, o.provider_site_id, o.third_level_waste_id,
    t.treatment_code;
end $$;

-- The months a statement on operations touched: those of the realised rows before and after it, when a column
-- the sums read changed (validating an operation, editing its comment or its container going away do not count).
create function dashboard_operations_changed() returns trigger
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
        b.third_level_waste_id, b.received_quantity, b.planned_treatment_code)
      is distinct from (n.status, n.real_intervention_date, n.company_site_id, n.company_site_entity_id,
        n.provider_site_id, n.third_level_waste_id, n.received_quantity, n.planned_treatment_code);
  end if;
  if sites is not null then
    perform dashboard_refresh(sites, months);
  end if;
  return null;
end $$;

-- The months of the realised operations whose outlets or costs a statement changed. An operation deleted with
-- them (cascade) is gone here: the trigger on operations recomputes its month.
create function dashboard_operation_parts_changed() returns trigger
language plpgsql as $$
declare
  ids integer[];
  sites integer[];
  months date[];
begin
  if tg_op = 'INSERT' then
    ids := array(select n.operation_id from new_rows n);
  elsif tg_op = 'DELETE' then
    ids := array(select b.operation_id from old_rows b);
  else
    ids := array(select n.operation_id from new_rows n union select b.operation_id from old_rows b);
  end if;
  select array_agg(o.company_site_id), array_agg(date_trunc('month', o.real_intervention_date)::date)
  into sites, months from operations o where o.id = any(ids) and o.status = 'REALISED';
  if sites is not null then
    perform dashboard_refresh(sites, months);
  end if;
  return null;
end $$;

create trigger operations_dashboard_insert after insert on operations
  referencing new table as new_rows for each statement execute function dashboard_operations_changed();
create trigger operations_dashboard_update after update on operations
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_operations_changed();
create trigger operations_dashboard_delete after delete on operations
  referencing old table as old_rows for each statement execute function dashboard_operations_changed();

create trigger operation_outlets_dashboard_insert after insert on operation_final_outlet_links
  referencing new table as new_rows for each statement execute function dashboard_operation_parts_changed();
create trigger operation_outlets_dashboard_update after update on operation_final_outlet_links
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_operation_parts_changed();
create trigger operation_outlets_dashboard_delete after delete on operation_final_outlet_links
  referencing old table as old_rows for each statement execute function dashboard_operation_parts_changed();

create trigger operation_costs_dashboard_insert after insert on operation_costs
  referencing new table as new_rows for each statement execute function dashboard_operation_parts_changed();
create trigger operation_costs_dashboard_update after update on operation_costs
  referencing old table as old_rows new table as new_rows
  for each statement execute function dashboard_operation_parts_changed();
create trigger operation_costs_dashboard_delete after delete on operation_costs
  referencing old table as old_rows for each statement execute function dashboard_operation_parts_changed();

-- The sums of the operations already there.
select dashboard_refresh(array_agg(k.site), array_agg(k.month))
from (select distinct company_site_id as site, date_trunc('month', real_intervention_date)::date as month
      from operations where status = 'REALISED') k;
-- Their statistics now: the planner would otherwise take them for empty until autovacuum comes (and join a year's
-- rows one by one to the wastes).
analyze dashboard_months;
analyze dashboard_month_outlets;
