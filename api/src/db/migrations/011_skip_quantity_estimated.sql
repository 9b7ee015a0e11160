-- Whether a container's quantities are estimated (no weighing at its collections) or weighed: the waste register
-- says which of each quantity (arrêté du 31 mai 2021, article 2). Containers are weighed unless told otherwise.
alter table skips add column quantity_estimated boolean not null default false;
