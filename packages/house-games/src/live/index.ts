/** Live tables (issue 25): the rules of baccarat and roulette, shared by the table server and the browser's verifier. */
export * from './cards.ts';
export * from './baccarat.ts';
export * from './baccarat-rtp.ts';
export * from './roads.ts';
export * from './roulette.ts';
export * from './roulette-stats.ts';
export * from './spots.ts';
