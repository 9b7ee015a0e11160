-- The notices already given about a supplier's administrative document: once when it comes within the warning
-- period of its end of validity, once when it has expired. The worker's scan writes a row in the transaction of
-- the notice, so that no document is told of twice at the same stage.
create table supplier_document_notices (
  administrative_document_id integer not null references administrative_documents (id) on delete cascade,
  stage text not null,
  noticed_at timestamptz not null,
  primary key (administrative_document_id, stage),
  constraint supplier_document_notices_stage check (stage in ('EXPIRING', 'EXPIRED'))
);
