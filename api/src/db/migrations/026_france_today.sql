-- The portal's "today" is France's, as the apps reckon it (`parisDate`): the database's own `current_date` follows
-- its session's time zone (UTC), so between midnight in France and midnight UTC a link starting today, as the back
-- office sets it by default, was not yet in force. One definition of France's date for every reader of the links.
create function france_today() returns date language sql stable
  as $$ select (now() at time zone 'Europe/Paris')::date $$;

alter table site_link_periods alter column start_date set default france_today();

create or replace view site_links as
  select producer_site_id, retriever_site_id from site_link_periods
  where start_date <= france_today() and (end_date is null or end_date >= france_today());
