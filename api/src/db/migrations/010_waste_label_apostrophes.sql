-- Five waste labels of migration 003 lost their apostrophe ('d''activités' written 'dactivités'); they show on the
-- dashboard, the costs and the container forms. The typographic apostrophe, as in the rest of the portal's French.
update third_level_wastes set label = replace(label, 'demballage', 'd’emballage') where code = 'POLYSTYRENE';
update third_level_wastes set label = replace(label, 'dactivités', 'd’activités') where code in ('DAE_MELANGE', 'DASRI');
update third_level_wastes set label = replace(label, 'dusinage', 'd’usinage') where code = 'EMULSIONS_USINAGE';
update third_level_wastes set label = replace(label, 'dimpression', 'd’impression') where code = 'TONERS';
