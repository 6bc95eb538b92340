-- Operator login throttling by account and address together (issue 18): a per-username lock let
-- anyone who knew a username keep its operator out. Counters are keyed 'user:<username>',
-- 'pair:<username>|<ip>' and 'ip:<ip>', in fixed 15-minute windows; only a pair is ever blocked
-- (growing delays), the others only ask for a captcha. alerted_at marks a username whose failures
-- were already reported to the operators in this window.
create table backoffice_login_counter (
  key text primary key check (length(key) <= 200),
  window_started_at timestamptz not null,
  failures integer not null check (failures >= 0),
  blocked_until timestamptz,
  alerted_at timestamptz
);

-- Addresses an operator has completed a login from (password and second factor): from these the
-- operator is not asked for a captcha because of other addresses' failures.
create table backoffice_known_address (
  operator_id bigint not null references backoffice_operator (id),
  ip inet not null,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  primary key (operator_id, ip)
);

insert into backoffice_known_address (operator_id, ip, first_seen_at, last_seen_at)
select operator_id, ip, min(created_at), max(created_at) from backoffice_session where ip is not null group by operator_id, ip;

drop table backoffice_login_throttle;
