-- The 18+ rule for money (deposit, withdrawal, real-money launch, bets) reads the declared
-- identity: full name, CPF with valid check digits and a birthday making the member 18 on the
-- America/Sao_Paulo calendar. No KYC provider is integrated yet; these columns are where one
-- records that it checked the declared data against the Receita Federal (and liveness), so the
-- rule can later require it without another change to the member's row.
alter table accounts_member
  add column kyc_verified_at timestamptz,
  add column kyc_provider text check (length(kyc_provider) <= 64),
  add constraint accounts_member_kyc_pair check ((kyc_verified_at is null) = (kyc_provider is null));
