-- module: points
-- Points awarded by other modules through points.api.award (issue 22: mission rewards and the
-- sign-in check-in), recorded with their source like every earning. points_product_type (0071) is
-- also the points module's published mapping of catalogue game types to product types, which the
-- missions module's progress uses.
alter table points_movement drop constraint points_movement_source_check;
alter table points_movement add constraint points_movement_source_check
  check (source in ('deposit', 'play', 'redeem', 'redeem_return', 'convert', 'mission', 'checkin'));
