/**
 * Sportsbook module (issue 23): the in-house book — sports, categories, tournaments, events,
 * markets and outcomes with exact decimal odds (integer thousandths) — fed by provider adapters
 * through one apply service, and the built-in sandbox feed for development and demos. The pure
 * settlement maths lives in domain/. Tickets, money and screens come later.
 */
export const SPORTSBOOK_MODULE = 'sportsbook' as const;
