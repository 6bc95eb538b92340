-- module: lottery
-- lottery_ticket.request_id's format (0083) was a CHECK constraint, and PostgreSQL evaluates every
-- CHECK constraint on every UPDATE of a row, whichever columns it changes: each settlement write of
-- a ticket ran the regular expression again (~6 µs of a ~38 µs write; a draw writes a million
-- tickets, bench/README.md, lottery, 2026-12-01). The same rule now runs where the value can
-- change: a trigger on INSERT and on an UPDATE that sets request_id. It raises the same
-- check_violation (SQLSTATE 23514) with the constraint's name.
create function lottery_ticket_request_id_valid() returns trigger language plpgsql as $$
begin
  if new.request_id !~ '^[A-Za-z0-9_-]{8,64}$' then
    raise exception 'new row for relation "lottery_ticket" violates check constraint "lottery_ticket_request_id_check"'
      using errcode = 'check_violation', constraint = 'lottery_ticket_request_id_check', table = 'lottery_ticket', column = 'request_id';
  end if;
  return new;
end;
$$;

create trigger lottery_ticket_request_id_valid before insert or update of request_id on lottery_ticket
  for each row execute function lottery_ticket_request_id_valid();

alter table lottery_ticket drop constraint lottery_ticket_request_id_check;
