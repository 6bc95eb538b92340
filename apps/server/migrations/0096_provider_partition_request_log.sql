-- module: provider
-- provider_request_log partitioned by month of created_at (docs/scaling.md, "Partitions"). The
-- log is append-only and read by time, so old months leave by DETACH PARTITION (the platform job
-- `platform.partitions`, retention PARTITION_RETENTION) instead of a DELETE that bloats the table.
-- No DEFAULT partition on purpose: DETACH ... CONCURRENTLY, which never blocks the log's writers,
-- is refused while one exists; the job keeps three months ahead, and a log row that still found
-- no partition loses only that log batch (its writer logs the error), never money.
-- Unique keys of a partitioned table must hold the partition column: the key is (id, created_at).
lock table provider_request_log in access exclusive mode;
alter table provider_request_log rename to provider_request_log_unpartitioned;
alter index provider_request_log_pkey rename to provider_request_log_unpartitioned_pkey;
alter index provider_request_log_created_at rename to provider_request_log_unpartitioned_created_at;

create table provider_request_log (
  id bigint generated always as identity,
  vendor_code text,
  action text,
  transaction_id text,
  status_code smallint not null,
  error_code text,
  duration_ms numeric(10, 3) not null,
  ip inet,
  created_at timestamptz not null default now(),
  primary key (id, created_at)
) partition by range (created_at);
create index provider_request_log_created_at on provider_request_log (created_at);

-- One partition per UTC month from the oldest row's month through three months ahead, named
-- <table>_pYYYYMM (the job recognises its partitions by that name).
do $$
declare
  v_month timestamp;
begin
  -- Month arithmetic on UTC wall-clock timestamps: the session's time zone never moves a bound.
  for v_month in
    select generate_series(
      date_trunc('month', coalesce((select min(created_at) from provider_request_log_unpartitioned), now()) at time zone 'UTC'),
      date_trunc('month', now() at time zone 'UTC') + interval '3 months', interval '1 month')
  loop
    execute format('create table %I partition of provider_request_log for values from (%L) to (%L)',
      'provider_request_log_p' || to_char(v_month, 'YYYYMM'), v_month::text || '+00', (v_month + interval '1 month')::text || '+00');
  end loop;
end $$;

insert into provider_request_log (id, vendor_code, action, transaction_id, status_code, error_code, duration_ms, ip, created_at)
overriding system value
select id, vendor_code, action, transaction_id, status_code, error_code, duration_ms, ip, created_at
from provider_request_log_unpartitioned;
select setval(pg_get_serial_sequence('provider_request_log', 'id'), coalesce((select max(id) from provider_request_log), 0) + 1, false);
drop table provider_request_log_unpartitioned;
