-- Site content managed by operators: banners, notices, promotion teasers, popups, announcements
-- and help articles (docs/ARCHITECTURE.md, content). One table: the kinds share language, order,
-- schedule and switch; what differs lives in `body`, validated per kind by the service before it
-- is stored (HTML already sanitised), so the site never reads an unchecked shape.
create table content_item (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('banner', 'notice', 'promotion', 'popup', 'announcement', 'help')),
  -- null: shown in every language.
  language text check (language in ('pt', 'en')),
  sort_order integer not null default 0,
  starts_at timestamptz,
  ends_at timestamptz,
  enabled boolean not null default true,
  body jsonb not null check (jsonb_typeof(body) = 'object'),
  -- Demo seeding and an operator's retried create carry a key, so a replay makes nothing twice.
  idempotency_key text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  updated_by text,
  check (ends_at is null or starts_at is null or ends_at > starts_at)
);

create index content_item_kind on content_item (kind, sort_order, id);

-- A help article is found by its tag (/help#term): one enabled article per tag and language.
create unique index content_item_help_tag on content_item ((body ->> 'tag'), coalesce(language, '*')) where kind = 'help' and enabled;
