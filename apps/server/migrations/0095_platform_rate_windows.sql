-- module: platform
-- Fixed-window request counters shared by every API process (platform/http/rate-limit.ts): one
-- row per (bucket, key, window), counted by one upsert per request. UNLOGGED: no WAL for a
-- counter that is worthless after a crash (PostgreSQL empties the table then, which only
-- forgives the current windows); old windows are deleted by the limiters themselves.
create unlogged table platform_rate_window (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, key, window_start)
);

comment on table platform_rate_window is 'Rate-limit counters per bucket, key (e.g. client address) and fixed window; unlogged, pruned by the limiters.';
