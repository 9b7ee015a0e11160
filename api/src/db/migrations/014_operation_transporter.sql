-- The transporter of an operation becomes a structured party, as the waste register names each carrier (DOMAIN.md:
-- name, SIRET, address, receipt number): a carrier establishment of the portal (transporter_site_id), whose name,
-- SIRET and address are copied when it is chosen, or a party entered by hand; its receipt number either way. The
-- establishment is one the operation offers: its provider (carrying its own collections) or a carrier site linked
-- to its site. A carrier account sees the operations its establishments carry.
alter table operations rename column transporter to transporter_name;
alter table operations
  add column transporter_site_id integer references company_sites (id) on delete set null,
  add column transporter_siret text,
  add column transporter_address text,
  add column transporter_receipt_number text;
-- A carrier's list: the operations its sites carry, newest request first.
create index operations_transporter_idx on operations (transporter_site_id, created_at desc, id desc)
  where transporter_site_id is not null;

-- Today's free text: a name that is the company of an establishment the operation offers (its provider, or a
-- carrier site linked to its site) becomes that establishment, with its SIRET and address; any other name stays
-- entered by hand.
with offered as (
  select o.id as operation_id, o.provider_site_id as site_id
  from operations o
  where o.transporter_name is not null and o.provider_site_id is not null
  union
  select o.id, l.retriever_site_id
  from operations o
  join site_links l on l.producer_site_id = o.company_site_id
  join company_site_site_typologies x on x.company_site_id = l.retriever_site_id
  join site_typologies st on st.id = x.site_typology_id and st.code = 'carrier'
  where o.transporter_name is not null
),
matched as (
  select distinct on (offered.operation_id)
    offered.operation_id, cs.id as site_id, c.name as company_name, cs.siret,
    nullif(concat_ws(', ', nullif(trim(cs.address), ''),
      nullif(trim(concat_ws(' ', cs.postcode, cs.city)), '')), '') as address
  from offered
  join operations o on o.id = offered.operation_id
  join company_sites cs on cs.id = offered.site_id
  join companies c on c.id = cs.company_id
  where lower(trim(o.transporter_name)) = lower(trim(c.name))
  order by offered.operation_id, cs.id
)
update operations o
set transporter_site_id = matched.site_id,
    transporter_name = matched.company_name,
    transporter_siret = matched.siret,
    transporter_address = matched.address
from matched
where matched.operation_id = o.id;
