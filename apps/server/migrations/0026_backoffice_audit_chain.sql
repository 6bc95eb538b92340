-- Tamper evidence for the operator audit log. Every row carries prev_hash (the hash of the row
-- before it) and hash = SHA-256(prev_hash || canonical content of this row), so editing,
-- deleting or inserting a row anywhere breaks the chain at that row, and cutting rows off the
-- end no longer matches backoffice_audit_head. `npm run audit:verify` recomputes the chain.
-- Computed here, in a BEFORE INSERT trigger, so no code path can write an unchained row.
-- sha256() is built in since PostgreSQL 11: no pgcrypto needed.

alter table backoffice_audit add column prev_hash bytea, add column hash bytea;

-- One field of the canonical content: a 4-byte big-endian length and the UTF-8 bytes, or
-- ffffffff for null (the PostgreSQL wire format's convention). Length prefixes keep the
-- encoding unambiguous: no text can move from one field into its neighbour with the same digest.
create function backoffice_audit_field(value text) returns bytea
language sql stable parallel safe as $$
  select case when value is null then '\xffffffff'::bytea
              else int4send(length(convert_to(value, 'UTF8'))) || convert_to(value, 'UTF8') end
$$;

-- The row's canonical content, in fixed text forms: ids in decimal, details as jsonb's own
-- normalised text (keys sorted, one spacing), the address as inet text, the time in UTC to the
-- microsecond. The verifier (modules/backoffice/audit-chain.ts) builds the same bytes in
-- TypeScript from the same text forms. A column added to this table later must be added here
-- (and there) or it is not covered.
create function backoffice_audit_digest(prev_hash bytea, entry backoffice_audit) returns bytea
language sql stable parallel safe as $$
  select sha256(prev_hash
    || backoffice_audit_field(entry.id::text)
    || backoffice_audit_field(entry.operator_id::text)
    || backoffice_audit_field(entry.action)
    || backoffice_audit_field(entry.target_type)
    || backoffice_audit_field(entry.target_id)
    || backoffice_audit_field(entry.details::text)
    || backoffice_audit_field(entry.ip::text)
    || backoffice_audit_field(to_char(entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')))
$$;

-- The end of the chain: the last row's id and hash (32 zero bytes before the first row).
-- Writers read it under a row lock, so a writer whose snapshot is older than the last link (a
-- REPEATABLE READ or SERIALIZABLE transaction) fails with a serialization error instead of
-- forking the chain; and the verifier compares it with the last row, so rows cut off the end show.
create table backoffice_audit_head (
  singleton boolean primary key default true check (singleton),
  last_id bigint,
  last_hash bytea not null check (length(last_hash) = 32)
);

-- Existing rows, chained in id order. The append-only trigger refuses this one-off update, so
-- it is switched off for it, inside this migration's transaction: nobody else sees it off.
alter table backoffice_audit disable trigger backoffice_audit_no_update_or_delete;
do $$
declare
  entry backoffice_audit;
  previous bytea := decode(repeat('00', 32), 'hex');
  digest bytea;
begin
  for entry in select * from backoffice_audit order by id loop
    digest := backoffice_audit_digest(previous, entry);
    update backoffice_audit set prev_hash = previous, hash = digest where id = entry.id;
    previous := digest;
  end loop;
  insert into backoffice_audit_head (last_id, last_hash) values ((select max(id) from backoffice_audit), previous);
end;
$$;
alter table backoffice_audit enable trigger backoffice_audit_no_update_or_delete;
alter table backoffice_audit
  alter column prev_hash set not null,
  alter column hash set not null,
  add constraint backoffice_audit_hash_length check (length(prev_hash) = 32 and length(hash) = 32);

-- Ids are drawn by the chaining trigger, after it holds the lock, so id order is chain order
-- (an identity default is drawn before BEFORE triggers run, i.e. before the lock: two writers
-- could then chain in the opposite order of their ids).
alter table backoffice_audit alter column id drop identity;
create sequence backoffice_audit_id_seq owned by backoffice_audit.id;
select setval('backoffice_audit_id_seq', coalesce((select max(id) from backoffice_audit), 0) + 1, false);

-- Writers take one transaction-level advisory lock, held until they commit or roll back, so
-- concurrent inserts chain one after the other in commit order; each then reads the head (under
-- its row lock) with a fresh READ COMMITTED snapshot that includes the previous writer's row.
-- Audited transactions are short and audit last, so the wait is one commit at most.
create function backoffice_audit_chain() returns trigger
language plpgsql as $$
declare
  head backoffice_audit_head;
begin
  perform pg_advisory_xact_lock(hashtextextended('backoffice_audit_chain', 0));
  select * into strict head from backoffice_audit_head for update;
  new.id := nextval('backoffice_audit_id_seq');
  new.prev_hash := head.last_hash;
  new.hash := backoffice_audit_digest(head.last_hash, new);
  update backoffice_audit_head set last_id = new.id, last_hash = new.hash;
  return new;
end;
$$;

create trigger backoffice_audit_chain_insert
  before insert on backoffice_audit
  for each row execute function backoffice_audit_chain();

-- Search (GET /api/backoffice/audit): by action prefix, and newest first by operator.
create index backoffice_audit_action_idx on backoffice_audit (action text_pattern_ops);
create index backoffice_audit_operator_id_idx on backoffice_audit (operator_id, id) where operator_id is not null;
drop index backoffice_audit_operator_idx;
