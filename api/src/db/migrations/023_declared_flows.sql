-- Declared flows (SPEC 1 "declare flux", SPEC 4 "Declaration status"): waste handled without an operation of the
-- portal, declared afterwards by its producer or by its provider. A flow is an operation of type FLOW, so that once
-- validated (REALISED) it is in the registers, the dashboards' sums and the lists like any realised operation. It is
-- TO_COMPLETE while its declarer fills it in, TO_VALIDATE until the other side validates it. `declared_by` says who
-- declared it (null: asked on a container). A flow has no container, so it says itself whether its quantity was
-- weighed or estimated (`quantity_estimated`); an operation's quantity is estimated when it says so or its
-- container does.
alter table operations drop constraint operations_type_check;
alter table operations add constraint operations_type_check check (type in ('ROTATION', 'RETIREMENT', 'FLOW'));
alter table operations drop constraint operations_status_check;
alter table operations add constraint operations_status_check check (status in (
  'REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED', 'COMPLETED', 'REALISED', 'CANCELLED',
  'NOT_CARRIED_OUT', 'NOT_PROCESSED', 'TO_COMPLETE', 'TO_VALIDATE'));
alter table operations
  add column declared_by text check (declared_by in ('PRODUCER', 'PROVIDER')),
  add column quantity_estimated boolean not null default false;
-- A flow is declared, and only a flow.
alter table operations add constraint operations_declared check ((type = 'FLOW') = (declared_by is not null));
alter table operations add constraint operations_declaration_statuses check (
  status not in ('TO_COMPLETE', 'TO_VALIDATE') or declared_by is not null);
