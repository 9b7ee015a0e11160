-- Issue 5: the qualification of each final outlet's treatment (reuse, recycling, energy recovery, other
-- recovery, disposal: the operation modes the official treatment code allows), which the register needs.
alter table operation_final_outlet_links add column qualification text
  check (qualification in ('REUTILISATION', 'RECYCLAGE', 'VALORISATION_ENERGETIQUE', 'AUTRES_VALORISATIONS', 'ELIMINATION'));
