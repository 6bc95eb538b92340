-- module: sportsbook
-- The in-house book (issue 23; reference igaming-integration.md §7.1): sport → category
-- (country) → tournament → event → market (type + specifiers) → outcome, fed by provider
-- adapters through one apply service (modules/sportsbook/feed). Ids are the provider's own,
-- qualified by the producer (e.g. 'sbx-1a2b3c:football:42'), so a second provider never collides.
-- Odds are exact decimal odds as integer thousandths (1.850 → 1850). Every change of a market's
-- odds or status bumps its odds_version: a ticket locks the odds it was offered and the version,
-- and its commit checks the version (Brazil: odds never change after acceptance).

create table sportsbook_sport (
  id text primary key check (id ~ '^[a-z0-9_]{1,40}$'),
  kind text not null check (kind in ('sport', 'esport', 'cockfight')),
  name_pt text not null check (length(name_pt) between 1 and 80),
  name_en text not null check (length(name_en) between 1 and 80),
  sort integer not null default 0
);

create table sportsbook_category (
  id text primary key check (length(id) between 1 and 120),
  sport_id text not null references sportsbook_sport (id),
  country_code text check (country_code ~ '^[A-Z]{2}$'),
  name_pt text not null check (length(name_pt) between 1 and 120),
  name_en text not null check (length(name_en) between 1 and 120)
);
create index sportsbook_category_sport on sportsbook_category (sport_id);

create table sportsbook_tournament (
  id text primary key check (length(id) between 1 and 120),
  category_id text not null references sportsbook_category (id),
  sport_id text not null references sportsbook_sport (id),
  name_pt text not null check (length(name_pt) between 1 and 160),
  name_en text not null check (length(name_en) between 1 and 160)
);
create index sportsbook_tournament_category on sportsbook_tournament (category_id);

-- An event: home/away for a match (competitors then holds both), or only competitors for a
-- contest of more than two. Live state: score, period ('1H', 'HT', 'Q3', 'S2', 'MAP2', …) and
-- the match clock in seconds (null where the sport has none); score_detail holds per-period
-- scores. producer is the feed that owns the event; fixture_at / state_at are the timestamps of
-- the last fixture_change / odds_change applied (older messages are stale).
create table sportsbook_event (
  id text primary key check (length(id) between 1 and 120),
  producer text not null check (producer ~ '^[a-z0-9_-]{1,40}$'),
  sport_id text not null references sportsbook_sport (id),
  tournament_id text not null references sportsbook_tournament (id),
  home text,
  away text,
  competitors text[] not null check (cardinality(competitors) between 1 and 64),
  start_at timestamptz not null,
  status text not null default 'not_started'
    check (status in ('not_started', 'live', 'ended', 'cancelled', 'postponed')),
  home_score integer check (home_score >= 0),
  away_score integer check (away_score >= 0),
  period text check (length(period) <= 20),
  clock_seconds integer check (clock_seconds >= 0),
  score_detail jsonb not null default '[]',
  fixture_at timestamptz not null,
  state_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((home is null) = (away is null))
);
-- "Live now" (per sport and overall), "starting soon" (per sport and overall).
create index sportsbook_event_live on sportsbook_event (sport_id, start_at) where status = 'live';
create index sportsbook_event_upcoming on sportsbook_event (sport_id, start_at) where status = 'not_started';
create index sportsbook_event_upcoming_all on sportsbook_event (start_at) where status = 'not_started';
create index sportsbook_event_tournament on sportsbook_event (tournament_id, start_at);

-- A market: market_key is the type with its canonical specifiers ('totals?total=2.5',
-- 'asian_handicap?hcp=-0.25', '1x2'), stable and unique per event. status_before holds the status
-- a settlement or cancellation replaced, which its rollback restores.
create table sportsbook_market (
  event_id text not null references sportsbook_event (id),
  market_key text not null check (length(market_key) between 1 and 120),
  type text not null check (type ~ '^[a-z0-9_]{1,40}$'),
  specifiers text not null default '' check (length(specifiers) <= 80),
  status text not null check (status in ('active', 'suspended', 'deactivated', 'settled', 'cancelled')),
  status_before text check (status_before in ('active', 'suspended', 'deactivated')),
  odds_version bigint not null default 1 check (odds_version >= 1),
  sort integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (event_id, market_key),
  check (market_key = type || case when specifiers = '' then '' else '?' || specifiers end)
);

create table sportsbook_outcome (
  event_id text not null,
  market_key text not null,
  outcome_id text not null check (outcome_id ~ '^[a-z0-9_:+-]{1,40}$'),
  odds bigint not null check (odds between 1001 and 1000000000),
  active boolean not null default true,
  sort integer not null default 0,
  primary key (event_id, market_key, outcome_id),
  foreign key (event_id, market_key) references sportsbook_market (event_id, market_key)
);

-- Applied feed messages: the same (event, producer, kind, timestamp) is applied once.
create table sportsbook_feed_message (
  event_id text not null,
  producer text not null,
  kind text not null check (kind in ('odds_change', 'bet_stop', 'bet_settlement', 'bet_cancel',
    'rollback_bet_settlement', 'rollback_bet_cancel', 'fixture_change')),
  message_at timestamptz not null,
  effect text not null check (effect in ('applied', 'stale')),
  applied_at timestamptz not null default now(),
  primary key (event_id, producer, kind, message_at)
);
create index sportsbook_feed_message_recent on sportsbook_feed_message (applied_at);

-- Settlements, cancellations and their rollbacks as the feed sent them, in order (seq): ticket
-- settlement consumes them from a cursor. results (settlement): [{ outcomeId, result
-- ('won' | 'lost'), voidFactor (0 | 0.5 | 1), deadHeatFactor (0 < f <= 1) }]. A cancel may carry a
-- window [window_from, window_to) (bets placed inside it are refunded; none: all bets).
create table sportsbook_market_result (
  seq bigint generated always as identity primary key,
  event_id text not null,
  market_key text not null,
  kind text not null check (kind in ('settlement', 'cancel', 'rollback_settlement', 'rollback_cancel')),
  results jsonb,
  certainty text check (certainty in ('live_scouted', 'confirmed')),
  void_reason text check (length(void_reason) <= 200),
  window_from timestamptz,
  window_to timestamptz,
  producer text not null,
  message_at timestamptz not null,
  created_at timestamptz not null default now(),
  foreign key (event_id, market_key) references sportsbook_market (event_id, market_key),
  check ((kind = 'settlement') = (results is not null)),
  check (window_to is null or window_from is null or window_to > window_from)
);
create index sportsbook_market_result_market on sportsbook_market_result (event_id, market_key, seq);

-- The sandbox feed's settings (one row): the operator's margin in basis points (500 = 5 %); the
-- seed its fixtures are drawn from (node:crypto, chosen on its first run, kept so a restart
-- continues the same matches); the time through which its messages have been applied.
create table sportsbook_setting (
  id integer primary key default 1 check (id = 1),
  sandbox_margin_bp integer not null default 500 check (sandbox_margin_bp between 0 and 3000),
  sandbox_seed text check (length(sandbox_seed) between 8 and 128),
  sandbox_through timestamptz,
  updated_at timestamptz not null default now()
);
insert into sportsbook_setting (id) values (1);
