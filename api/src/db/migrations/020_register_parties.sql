-- What the waste register (arrêté du 31 mai 2021, article 2; DOMAIN.md) names beyond the carrier: the
-- eco-organisation (name, SIREN) and the broker or trader (name, SIRET, receipt number) of a shipment, entered by
-- its provider at completion.
alter table operations
  add column eco_organisation_name text,
  add column eco_organisation_siren text,
  add column broker_name text,
  add column broker_siret text,
  add column broker_receipt_number text;
-- A producer's compliance file reads the brokers of its establishment's operations.
create index operations_broker_idx on operations (company_site_id) where broker_name is not null;
