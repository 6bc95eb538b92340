-- module: catalogue
-- A read view the catalogue publishes for other modules' SQL (issue 19, "each module owns its
-- tables"): reports name vendors through it, never catalogue_vendor itself.
create view catalogue_v_vendor as
  select code, display_name
  from catalogue_vendor;
