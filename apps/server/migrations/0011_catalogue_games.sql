-- Game catalogue: vendors, games, favourites, recently launched games and launch tokens.
-- Lists and name search are answered by an in-memory index in each API process (game-index.ts),
-- loaded from here in list order; PostgreSQL then serves a page's rows by primary key.
-- search_text holds every language's name folded (lower case, diacritics removed) by the app.

create table catalogue_vendor (
  code text primary key check (code ~ '^[A-Za-z0-9_]{1,40}$'),
  display_name text not null check (length(display_name) between 1 and 80),
  logo_path text not null default '' check (length(logo_path) <= 300),
  game_types text[] not null default '{}',
  sort_order integer not null default 1000,
  wallet_mode text not null default 'seamless' check (wallet_mode in ('seamless', 'transfer')),
  -- Transfer mode: centavos moved on launch; null moves the whole cash balance.
  transfer_amount bigint check (transfer_amount is null or transfer_amount > 0),
  -- 'VASSALAGE': the tile opens a pop-up list of the vendor's games; 'GAME': it launches the lobby.
  is_game text not null default 'VASSALAGE' check (is_game in ('VASSALAGE', 'GAME')),
  enabled boolean not null default true,
  maintenance boolean not null default false,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table catalogue_game (
  id integer generated always as identity primary key,
  vendor_code text not null references catalogue_vendor (code) on update cascade,
  game_code text not null check (length(game_code) between 1 and 80),
  game_type text not null check (game_type in ('LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'CRASH', 'COCKFIGHT')),
  classify text not null default '' check (length(classify) <= 40),
  -- {"pt": "...", "en": "..."}; a missing language falls back to English.
  names jsonb not null check (jsonb_typeof(names) = 'object' and names ? 'en'),
  search_text text not null,
  icon_path text not null default '' check (length(icon_path) <= 300),
  is_hot boolean not null default false,
  is_new boolean not null default false,
  min_bet bigint not null default 0 check (min_bet >= 0),
  min_line_num integer not null default 0 check (min_line_num >= 0),
  rtp numeric(5, 2) check (rtp is null or (rtp > 0 and rtp <= 100)),
  demo_supported boolean not null default false,
  enabled boolean not null default true,
  maintenance boolean not null default false,
  is_demo boolean not null default false,
  -- Lower comes first: hot games, then the vendor's own order, then newest.
  rank integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (vendor_code, game_code)
);
-- The index load reads enabled games in list order; alternatives read one type in that order.
create index catalogue_game_list_order on catalogue_game (rank, id) where enabled;
create index catalogue_game_type_rank on catalogue_game (game_type, rank, id) where enabled;

create table catalogue_favorite (
  member_id bigint not null references accounts_member (id),
  game_id integer not null references catalogue_game (id),
  created_at timestamptz not null default now(),
  primary key (member_id, game_id)
);

create table catalogue_recent (
  member_id bigint not null references accounts_member (id),
  game_id integer not null references catalogue_game (id),
  launched_at timestamptz not null default now(),
  primary key (member_id, game_id)
);
create index catalogue_recent_member_time on catalogue_recent (member_id, launched_at desc);

-- One row per launch. The token is kept hashed; the vendor redeems it once (authenticate).
create table catalogue_launch (
  id bigint generated always as identity primary key,
  member_id bigint not null references accounts_member (id),
  game_id integer not null references catalogue_game (id),
  vendor_code text not null,
  token_hash bytea not null unique check (length(token_hash) = 32),
  demo boolean not null,
  wallet_mode text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  redeemed_at timestamptz
);
create index catalogue_launch_member on catalogue_launch (member_id, created_at desc);

-- The sandbox transfer-mode vendor's own books (a real vendor keeps these on its side): the
-- player's balance at the vendor and every transfer it accepted, unique per transfer id.
create table catalogue_sandbox_wallet (
  vendor_code text not null,
  member_id bigint not null,
  balance bigint not null default 0 check (balance >= 0),
  primary key (vendor_code, member_id)
);
create table catalogue_sandbox_transfer (
  transfer_id text primary key check (length(transfer_id) between 1 and 200),
  vendor_code text not null,
  member_id bigint not null,
  amount bigint not null,
  created_at timestamptz not null default now()
);
