/** The book's pages, one chunk: the list page and the event page share the slip. */
export { EventPage } from './event-page.tsx';
export { SportsbookPage } from './sportsbook-page.tsx';
