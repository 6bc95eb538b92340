/** The bonus feature's public surface: the member centre's bonus-details page. */
export { BonusDetails } from './components/bonus-details.tsx';
export { bonusKeys } from './bonus.api.ts';
