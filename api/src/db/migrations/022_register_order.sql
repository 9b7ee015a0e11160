-- The register reads shipped operations (completed or validated: their real intervention date is set) newest first,
-- a page after a (date, id) cursor: an index in that order serves a page as a range, whatever the register's
-- length; with the establishment first, one establishment's register too.
create index operations_register_idx on operations (real_intervention_date desc, id desc)
  where status in ('COMPLETED', 'REALISED');
create index operations_register_site_idx on operations (company_site_id, real_intervention_date desc, id desc)
  where status in ('COMPLETED', 'REALISED');
