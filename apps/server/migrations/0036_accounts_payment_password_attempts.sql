-- Wrong payment passwords per member, kept in PostgreSQL so every API process shares one count
-- and a restart does not reset it (issue 18: an in-memory count let 64 concurrent guesses through).
-- An attempt is reserved (failures + 1) before the PIN is hashed and compared; the right PIN
-- deletes the row. At the limit the check is refused until the window that began with the first
-- failure ends.
create table accounts_payment_password_attempt (
  member_id bigint primary key references accounts_member (id) on delete cascade,
  failures integer not null check (failures >= 0),
  window_started_at timestamptz not null
);
